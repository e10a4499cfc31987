import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { CATEGORY_TYPES } from '../../../contract/category.ts';
import { PUBLIC_PROFILE_COLUMNS } from '../user/user.view.ts';

type Q = Kysely<DB>;

/**
 * The categories an article is filed under: the chosen article categories (type 1) with all
 * their ancestors, so that listing a parent category also finds the articles of its children.
 */
export async function categoryPath(db: Q, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const all = await db.selectFrom('categories').select(['id', 'parent_id']).where('type', '=', CATEGORY_TYPES.article).execute();
  const byId = new Map(all.map((c) => [c.id, c]));
  const out = new Set<number>();
  for (const id of ids) {
    let cur = byId.get(id);
    if (!cur) throw badRequest('文章分类不存在或不是文章分类');
    while (cur && !out.has(cur.id)) {
      out.add(cur.id);
      cur = cur.parent_id ? byId.get(cur.parent_id) : undefined;
    }
  }
  return [...out];
}

/** Adds `delta[id]` to the doc_count of each category (articles count like documents). */
async function addCounts(trx: Q, delta: Map<number, number>): Promise<void> {
  for (const [id, n] of delta) {
    if (!n) continue;
    await trx
      .updateTable('categories')
      .set((eb) => ({ doc_count: eb('doc_count', '+', n) }))
      .where('id', '=', id)
      .execute();
  }
}

const tally = (rows: Array<{ category_id: number }>, sign: number, into = new Map<number, number>()) => {
  for (const r of rows) into.set(r.category_id, (into.get(r.category_id) ?? 0) + sign);
  return into;
};

/** Replaces the category links of live articles and moves the category counters accordingly. */
export async function relinkCategories(trx: Q, articleIds: number[], categoryIds: number[]): Promise<void> {
  if (!articleIds.length) return;
  const old = await trx.selectFrom('article_categories').select('category_id').where('article_id', 'in', articleIds).execute();
  await trx.deleteFrom('article_categories').where('article_id', 'in', articleIds).execute();
  const now = nowIso();
  const rows = articleIds.flatMap((article_id) =>
    categoryIds.map((category_id) => ({ article_id, category_id, created_at: now })),
  );
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto('article_categories')
      .values(rows.slice(i, i + 200))
      .execute();
  await addCounts(trx, tally(rows, 1, tally(old, -1)));
}

/** Moves the category counters of articles leaving (-1) or returning from (+1) the recycle bin; the links stay. */
export async function countCategories(trx: Q, articleIds: number[], sign: 1 | -1): Promise<void> {
  if (!articleIds.length) return;
  const links = await trx.selectFrom('article_categories').select('category_id').where('article_id', 'in', articleIds).execute();
  await addCounts(trx, tally(links, sign));
}

/** Moves users' article_count by `sign` for each of their articles among the rows. */
export async function countAuthors(trx: Q, rows: Array<{ user_id: number }>, sign: 1 | -1): Promise<void> {
  const per = new Map<number, number>();
  for (const r of rows) per.set(r.user_id, (per.get(r.user_id) ?? 0) + sign);
  for (const [id, n] of per) {
    await trx
      .updateTable('users')
      .set((eb) => ({ article_count: eb('article_count', '+', n) }))
      .where('id', '=', id)
      .execute();
  }
}

const CATEGORY_FIELDS = ['id', 'parent_id', 'title', 'type', 'enable', 'sort'] as const;
const BRIEF_USER = ['id', 'username', 'avatar'] as const;

/** The categories and authors articles show: brief authors in lists, the public profile for a single article. */
export async function articleRelations(db: Q, categoryIds: number[], userIds: number[], fullUser: boolean) {
  const columns = fullUser ? PUBLIC_PROFILE_COLUMNS : BRIEF_USER;
  const [cats, users] = await Promise.all([
    categoryIds.length ? db.selectFrom('categories').select(CATEGORY_FIELDS).where('id', 'in', categoryIds).execute() : [],
    db.selectFrom('users').select(columns).where('id', 'in', userIds).execute(),
  ]);
  return { cats, users };
}

/** Category links of some articles, article id → category ids. */
export async function linksOf(db: Q, articleIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!articleIds.length) return out;
  const rows = await db
    .selectFrom('article_categories')
    .select(['article_id', 'category_id'])
    .where('article_id', 'in', articleIds)
    .orderBy('id', 'asc')
    .execute();
  for (const r of rows) out.set(r.article_id, [...(out.get(r.article_id) ?? []), r.category_id]);
  return out;
}
