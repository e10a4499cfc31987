import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/db.ts';
import type { DB } from '../../../src/server/db/schema.ts';
import { nextFacetSeq, type StoreClock } from '../../../src/server/search/facet-store.ts';

/** Test data for search: documents (with page texts) and articles written straight into the tables. */

export interface DocInput {
  /** a chosen id (default: the next one) */
  id?: number;
  title: string;
  keywords?: string;
  description?: string;
  /** text of page 1, 2, … */
  pages?: string[];
  ext?: string;
  language?: string;
  status?: number;
  categories?: number[];
  user_id?: number;
  size?: number;
  view_count?: number;
  download_count?: number;
  created_at?: string;
}

const hex = (n: number) => randomBytes(n).toString('hex');

export async function addDocument(db: Database, d: DocInput): Promise<number> {
  const now = d.created_at ?? new Date().toISOString();
  const hash = hex(16);
  const pages = d.pages ?? [];
  const row = await db
    .insertInto('documents')
    .values({
      ...(d.id === undefined ? {} : { id: d.id }),
      uuid: hex(8),
      title: d.title,
      keywords: d.keywords ?? '',
      description: d.description ?? '',
      preview_ext: '.svg',
      ext: d.ext ?? '.pdf',
      language: d.language ?? 'zh-CN',
      hash,
      convert_error: '',
      lease_owner: '',
      user_id: d.user_id ?? 1,
      width: 0,
      height: 0,
      pages: pages.length,
      preview: 0,
      enable_gzip: 0,
      download_count: d.download_count ?? 0,
      view_count: d.view_count ?? 0,
      favorite_count: 0,
      comment_count: 0,
      score: 300,
      score_count: 0,
      price: 0,
      status: d.status ?? 2,
      attachment_id: 0,
      deleted_user_id: 0,
      convert_attempts: 0,
      size: d.size ?? 1024,
      recommend_at: null,
      deleted_at: null,
      lease_until: null,
      converted_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (pages.length) {
    await db
      .insertInto('document_pages')
      .values(pages.map((text, i) => ({ hash, page: i + 1, text })))
      .execute();
  }
  for (const category_id of d.categories ?? []) {
    await db.insertInto('document_categories').values({ document_id: row.id, category_id, created_at: now }).execute();
  }
  return row.id;
}

export async function addCategory(db: Database, title: string, type = 0): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('categories')
    .values({
      parent_id: 0,
      title,
      doc_count: 0,
      sort: 0,
      enable: 1,
      cover: '',
      icon: '',
      description: '',
      show_description: 0,
      type,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addArticle(
  db: Database,
  a: { title: string; content: string; description?: string; status?: number; categories?: number[] },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('articles')
    .values({
      identifier: hex(8),
      author: '',
      user_id: 1,
      title: a.title,
      keywords: '',
      description: a.description ?? '',
      content: a.content,
      view_count: 0,
      favorite_count: 0,
      comment_count: 0,
      status: a.status ?? 1,
      reject_reason: '',
      recommend_at: null,
      deleted_at: null,
      deleted_user_id: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const category_id of a.categories ?? []) {
    await db.insertInto('article_categories').values({ article_id: row.id, category_id, created_at: now }).execute();
  }
  return row.id;
}

/** Result ids of a document search. */
export const docIds = (body: { document?: Array<{ id: number }> }): number[] => (body.document ?? []).map((d) => d.id);

/** A clock the test moves: a store's or copy's settling wait moves it on at once. */
export function testClock(): StoreClock & { tick(ms: number): void } {
  let now = 1_750_000_000_000;
  return { now: () => now, wait: async (ms) => void (now += ms), tick: (ms) => void (now += ms) };
}

/**
 * A PostgreSQL writer that takes its number (nextFacetSeq) and writes with it, then waits before
 * committing: resolves once it has written; `commit()` lets it finish.
 */
export async function writerHeldOpen(
  db: Database,
  write: (trx: Kysely<DB>, seq: number) => Promise<void>,
): Promise<{ commit(): Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let written!: () => void;
  const taken = new Promise<void>((r) => (written = r));
  const writer = db.transaction().execute(async (trx) => {
    await write(trx, await nextFacetSeq(trx));
    written();
    await gate;
  });
  await Promise.race([taken, writer]);
  return {
    commit: () => {
      release();
      return writer;
    },
  };
}
