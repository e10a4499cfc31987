import { sql } from 'kysely';
import { DOCUMENT_STATUS, REVIEW_STATUS } from '../../domain/status.ts';
import type { Database } from '../db/db.ts';
import { chunks } from '../db/chunks.ts';
import { isPublicPage } from '../modules/document/public-text.ts';
import type { ItemInput } from './backend.ts';
import type { ItemText } from './grams.ts';
import { itemRows } from './tokenize-pool.ts';
import { backendFor } from './backends.ts';
import { htmlToText } from './snippet.ts';
import { inList } from './sql-list.ts';

// What the index is made from (indexer.ts writes it): the items the public may find, read in a
// batch, each with the text it is found by, its tokens (made on the tokenizing workers) and facets.

export interface Source {
  id: number;
  status: number;
  updated_at: string;
  item: ItemInput;
  /** what a search counts and filters by (search_facets) */
  facets: { ext: string; language: string; cats: string };
}

/**
 * A batch read from the database; its tokens still being made (on a worker thread, so the
 * previous batch can be written meanwhile).
 */
export interface Loaded {
  sources: Promise<Source[]>;
}

/** Only converted documents and published articles are in the index. */
export const DOC_INDEXED_STATUS = DOCUMENT_STATUS.converted;
export const ARTICLE_INDEXED_STATUS = REVIEW_STATUS.published;

/** The category ids of each item, comma-separated in id order. */
async function categoryLists(
  db: Database,
  table: 'document_categories' | 'article_categories',
  ids: readonly number[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const column = table === 'document_categories' ? 'document_id' : 'article_id';
  for (const part of chunks(ids, 500)) {
    const { rows } = await sql<{ ref: number | string; category_id: number | string }>`
      select ${sql.ref(column)} as ref, category_id from ${sql.table(table)}
      where ${sql.ref(column)} in (${inList(part)}) order by category_id`.execute(db);
    for (const r of rows) {
      const ref = Number(r.ref);
      out.set(ref, out.has(ref) ? `${out.get(ref)},${r.category_id}` : String(r.category_id));
    }
  }
  return out;
}

/** The indexable documents among `ids`, with their public page text. */
export async function loadDocuments(db: Database, ids: readonly number[]): Promise<Loaded> {
  const docs = await db
    .selectFrom('documents')
    .select(['id', 'title', 'keywords', 'description', 'hash', 'price', 'preview', 'status', 'updated_at', 'ext', 'language'])
    .where('id', 'in', ids)
    .where('status', '=', DOC_INDEXED_STATUS)
    .where('deleted_at', 'is', null)
    .execute();
  const hashes = [...new Set(docs.map((d) => d.hash).filter(Boolean))];
  const pages = new Map<string, Array<{ page: number; text: string }>>();
  for (const part of chunks(hashes, 200)) {
    const rows = await db
      .selectFrom('document_pages')
      .select(['hash', 'page', 'text'])
      .where('hash', 'in', part)
      .where('page', '>', 0)
      .orderBy('page')
      .execute();
    for (const r of rows) {
      if (!pages.has(r.hash)) pages.set(r.hash, []);
      pages.get(r.hash)!.push(r);
    }
  }
  const texts = docs.map((d) => (pages.get(d.hash) ?? []).filter((p) => isPublicPage(d, p.page) && p.text.trim()));
  const cats = await categoryLists(
    db,
    'document_categories',
    docs.map((d) => d.id),
  );
  const rows = itemRows(
    docs.map((d, i): ItemText => ({
      title: d.title,
      keywords: d.keywords,
      texts: [d.description, ...texts[i].map((p) => p.text)],
    })),
    backendFor(db).tokenForm,
  );
  return {
    sources: rows.then((tokens) =>
      docs.map((d, i): Source => {
        const entries = [{ page: 0, text: '' }, ...texts[i].map((p) => ({ page: p.page, text: '' }))];
        return {
          id: d.id,
          status: d.status,
          updated_at: d.updated_at,
          item: { refId: d.id, entries, tokens: tokens[i] },
          facets: { ext: d.ext.toLowerCase(), language: d.language, cats: cats.get(d.id) ?? '' },
        };
      }),
    ),
  };
}

/** The indexable articles among `ids`. */
export async function loadArticles(db: Database, ids: readonly number[]): Promise<Loaded> {
  const articles = await db
    .selectFrom('articles')
    .select(['id', 'title', 'keywords', 'description', 'content', 'status', 'updated_at'])
    .where('id', 'in', ids)
    .where('status', '=', ARTICLE_INDEXED_STATUS)
    .where('deleted_at', 'is', null)
    .execute();
  const bodies = articles.map((a) => htmlToText(a.content));
  const cats = await categoryLists(
    db,
    'article_categories',
    articles.map((a) => a.id),
  );
  const rows = itemRows(
    articles.map((a, i): ItemText => ({ title: a.title, keywords: a.keywords, texts: [a.description, bodies[i]] })),
    backendFor(db).tokenForm,
  );
  return {
    sources: rows.then((tokens) =>
      articles.map((a, i): Source => {
        const entries = [{ page: 0, text: a.description }, ...(bodies[i] ? [{ page: 1, text: bodies[i] }] : [])];
        return {
          id: a.id,
          status: a.status,
          updated_at: a.updated_at,
          item: { refId: a.id, entries, tokens: tokens[i] },
          facets: { ext: '', language: '', cats: cats.get(a.id) ?? '' },
        };
      }),
    ),
  };
}
