import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { DOCUMENT_COLUMNS, type DocumentView } from './document.view.ts';

type Q = Kysely<DB>;

export const findDocument = (db: Q, by: { id?: number; uuid?: string }): Promise<DocumentView | undefined> => {
  if (!by.id && !by.uuid) return Promise.resolve(undefined);
  let q = db.selectFrom('documents').select(DOCUMENT_COLUMNS);
  q = by.id ? q.where('id', '=', by.id) : q.where('uuid', '=', by.uuid!);
  return q.executeTakeFirst();
};

/** Live (not recycled) documents with these ids. */
export const liveDocuments = (db: Q, ids: number[]): Promise<DocumentView[]> =>
  ids.length
    ? db.selectFrom('documents').select(DOCUMENT_COLUMNS).where('id', 'in', ids).where('deleted_at', 'is', null).execute()
    : Promise.resolve([]);

/** Every id the request names must be a live document: 404 naming the first missing one otherwise. */
export async function requireLive(db: Q, ids: number[]): Promise<DocumentView[]> {
  const unique = [...new Set(ids)];
  const rows = await liveDocuments(db, unique);
  const missing = unique.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw notFound(`文档不存在（ID ${missing}）`);
  return rows;
}

/**
 * The given document categories with all their ancestors: a document is linked to every
 * category on its path from the top. 400 when one is missing or is not a document category.
 */
export async function categoryPaths(db: Q, ids: number[]): Promise<number[]> {
  const all = await db.selectFrom('categories').select(['id', 'parent_id', 'type']).execute();
  const byId = new Map(all.map((c) => [c.id, c]));
  const out = new Set<number>();
  for (const id of ids) {
    let cur = byId.get(id);
    if (!cur || cur.type !== 0) throw badRequest(`文档分类不存在（ID ${id}）`);
    while (cur && !out.has(cur.id)) {
      out.add(cur.id);
      cur = cur.parent_id ? byId.get(cur.parent_id) : undefined;
    }
  }
  return [...out];
}

/** Adds `delta` per link to the doc_count of every category the documents are linked to. */
export async function moveCategoryCounts(trx: Q, docIds: number[], delta: number): Promise<void> {
  if (!docIds.length) return;
  const rows = await trx
    .selectFrom('document_categories')
    .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('document_id', 'in', docIds)
    .groupBy('category_id')
    .execute();
  for (const r of rows) {
    const by = delta * Number(r.n);
    await trx
      .updateTable('categories')
      .set((eb) => ({ doc_count: eb('doc_count', '+', by) }))
      .where('id', '=', r.category_id)
      .execute();
  }
}

/** Adds `delta` per document to each owner's doc_count. */
export async function moveUserCounts(trx: Q, docs: Array<{ user_id: number }>, delta: number): Promise<void> {
  const per = new Map<number, number>();
  for (const d of docs) per.set(d.user_id, (per.get(d.user_id) ?? 0) + delta);
  for (const [userId, by] of per) {
    await trx
      .updateTable('users')
      .set((eb) => ({ doc_count: eb('doc_count', '+', by) }))
      .where('id', '=', userId)
      .execute();
  }
}

/**
 * Replaces the category links of the documents with `categoryIds` (already expanded to paths).
 * For live documents the category counts follow (`counted`); recycled ones hold no counts.
 */
export async function relinkCategories(trx: Q, docIds: number[], categoryIds: number[], counted: boolean): Promise<void> {
  if (!docIds.length) return;
  if (counted) await moveCategoryCounts(trx, docIds, -1);
  await trx.deleteFrom('document_categories').where('document_id', 'in', docIds).execute();
  const now = nowIso();
  const rows = docIds.flatMap((document_id) => categoryIds.map((category_id) => ({ document_id, category_id, created_at: now })));
  if (rows.length) await trx.insertInto('document_categories').values(rows).execute();
  if (counted) await moveCategoryCounts(trx, docIds, 1);
}

/** Whether a language code exists (any state). */
export async function languageExists(db: Q, code: string): Promise<boolean> {
  return Boolean(await db.selectFrom('languages').select('id').where('code', '=', code).executeTakeFirst());
}

/** The ISO time of today's local midnight: "today" of the daily limits. */
export function startOfToday(): string {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.toISOString();
}

/** How many ledger rows of this kind the user received today (daily reward caps). */
export async function rewardsToday(db: Q, userId: number, refType: string): Promise<number> {
  const row = await db
    .selectFrom('credit_logs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('ref_type', '=', refType)
    .where('amount', '>', 0)
    .where('created_at', '>=', startOfToday())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
