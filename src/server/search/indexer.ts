import type { Database } from '../db/db.ts';
import { nowIso } from '../db/dialect.ts';
import type { Kind } from './backend.ts';
import { chunks } from '../db/chunks.ts';
import { nextFacetSeq } from './facet-store.ts';
import { backendFor } from './backends.ts';
import {
  ARTICLE_INDEXED_STATUS,
  DOC_INDEXED_STATUS,
  loadArticles,
  loadDocuments,
  type Loaded,
  type Source,
} from './index-sources.ts';

/**
 * Writes documents and articles into the full-text index. Only what the public may find is
 * indexed: documents with status 2 (converted), articles with status 1 (published), neither
 * soft-deleted. Of a document only its public page text is indexed (public-text.ts: a paid
 * document's preview pages), so its other pages neither match nor show up as hit pages.
 * Documents keep no copy of their text in the index (description and page text stay in
 * `documents` and `document_pages`, where snippets read them); articles keep their description
 * and body text (the body is derived from the HTML). Anything else passed in is taken out of the
 * index. Every call replaces the item's entries and its `search_refs` row in one transaction.
 */

const BATCH = 200;

/** Replaces the index entries of the given items; `sources` holds the indexable ones among `ids`. */
async function write(db: Database, kind: Kind, ids: readonly number[], sources: readonly Source[]): Promise<void> {
  if (!ids.length) return;
  const backend = backendFor(db);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await backend.lock(trx, kind, ids);
    await backend.remove(trx, kind, ids);
    for (const part of chunks(ids, 500)) {
      await trx.deleteFrom('search_refs').where('kind', '=', kind).where('ref_id', 'in', part).execute();
      await trx.deleteFrom('search_facets').where('kind', '=', kind).where('ref_id', 'in', part).execute();
    }
    await backend.insert(
      trx,
      kind,
      sources.map((s) => s.item),
    );
    for (const part of chunks(sources, 200)) {
      await trx
        .insertInto('search_refs')
        .values(part.map((s) => ({ kind, ref_id: s.id, source_updated_at: s.updated_at, status: s.status, indexed_at: now })))
        .execute();
    }
    // numbered last, so that the number is taken as close to the commit as the rows allow (facet-store.ts)
    const seq = sources.length || backend.logChanges ? await nextFacetSeq(trx) : 0;
    for (const part of chunks(sources, 200)) {
      await trx
        .insertInto('search_facets')
        .values(part.map((s) => ({ kind, ref_id: s.id, ...s.facets, seq })))
        .execute();
    }
    await backend.logChanges?.(trx, kind, ids, seq);
  });
}

/**
 * Reads and tokenizes batch after batch: the next batch is read, and sent to the tokenizing
 * workers, before the current one is written, so that writing and tokenizing run at once.
 */
async function indexInBatches(
  db: Database,
  kind: Kind,
  ids: readonly number[],
  load: (batch: number[]) => Promise<Loaded>,
): Promise<void> {
  const batches = chunks([...new Set(ids)], BATCH);
  let next = batches.length ? await load(batches[0]) : null;
  for (let i = 0; i < batches.length; i++) {
    const current = next!;
    next = i + 1 < batches.length ? await load(batches[i + 1]) : null;
    // a failed tokenization of the next batch surfaces when it is awaited; not unhandled meanwhile
    next?.sources.catch(() => undefined);
    await write(db, kind, batches[i], await current.sources);
  }
}

/** (Re)indexes documents; those not converted, disabled or deleted are removed from the index. */
export const indexDocuments = (db: Database, ids: readonly number[]): Promise<void> =>
  indexInBatches(db, 'doc', ids, (batch) => loadDocuments(db, batch));

export const indexDocument = (db: Database, id: number): Promise<void> => indexDocuments(db, [id]);

export const removeDocumentFromIndex = (db: Database, id: number): Promise<void> => write(db, 'doc', [id], []);

/** (Re)indexes articles; unpublished or deleted ones are removed from the index. */
export async function indexArticles(db: Database, ids: readonly number[]): Promise<void> {
  await indexInBatches(db, 'article', ids, (batch) => loadArticles(db, batch));
}

export const indexArticle = (db: Database, id: number): Promise<void> => indexArticles(db, [id]);

export const removeArticleFromIndex = (db: Database, id: number): Promise<void> => write(db, 'article', [id], []);

/** The ids of the items of a table the index holds (`status`: its indexed one), oldest first. */
async function indexedIds(db: Database, table: 'documents' | 'articles', status: number): Promise<number[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('status', '=', status)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Items a rebuild writes in one part (IndexBackend.bulkWriters parts at a time). */
const REBUILD_PART = 1000;

/**
 * Writes `parts`, `writers` at a time. The first is written alone and followed by `afterFirst`
 * (statistics of the first items, which steer the others' statements). Once one writer fails, the
 * others stop after their current part: the rebuild has failed.
 */
async function writeParts<P>(
  parts: P[],
  writers: number,
  write: (part: P) => Promise<void>,
  afterFirst?: () => Promise<void>,
): Promise<void> {
  const first = parts.shift();
  if (!first) return;
  await write(first);
  await afterFirst?.();
  let failed = false;
  const writer = async () => {
    try {
      for (let next = parts.shift(); next && !failed; next = parts.shift()) await write(next);
    } catch (e) {
      failed = true;
      throw e;
    }
  };
  await Promise.all(Array.from({ length: writers }, writer));
}

/** Rebuilds the whole index from scratch. Returns how many items are indexed. */
export async function reindexAll(
  db: Database,
  onProgress?: (done: number, total: number) => void,
  partSize = REBUILD_PART,
): Promise<number> {
  await db.transaction().execute(async (trx) => {
    await backendFor(trx).clear(trx);
    await trx.deleteFrom('search_refs').execute();
    await trx.deleteFrom('search_facets').execute();
  });
  const kinds = [
    { ids: await indexedIds(db, 'documents', DOC_INDEXED_STATUS), index: indexDocuments },
    { ids: await indexedIds(db, 'articles', ARTICLE_INDEXED_STATUS), index: indexArticles },
  ];
  const total = kinds.reduce((n, k) => n + k.ids.length, 0);
  const backend = backendFor(db);
  const parts = kinds.flatMap(({ ids, index }) => chunks(ids, partSize).map((part) => ({ part, index })));
  let done = 0;
  const write = async ({ part, index }: (typeof parts)[number]) => {
    await index(db, part);
    onProgress?.((done += part.length), total);
  };
  const all = (afterFirst?: () => Promise<void>) => writeParts(parts, backend.bulkWriters, write, afterFirst);
  await (backend.bulk ? backend.bulk(db, all) : all());
  return total;
}
