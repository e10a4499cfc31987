import { nowIso } from '../../db/dialect.ts';
import { Repo } from '../../db/repo.ts';
import { badRequest } from '../../http/errors.ts';
import { CATEGORY_TYPES } from '../../../contract/category.ts';
import { PUBLIC_PROFILE_COLUMNS } from '../user/user.view.ts';

const CATEGORY_FIELDS = ['id', 'parent_id', 'title', 'type', 'enable', 'sort'] as const;
const BRIEF_USER = ['id', 'username', 'avatar'] as const;

const tally = (rows: Array<{ category_id: number }>, sign: number, into = new Map<number, number>()) => {
  for (const r of rows) into.set(r.category_id, (into.get(r.category_id) ?? 0) + sign);
  return into;
};

/** The category links of articles and the counters they move. */
export class ArticleCategoryRepo extends Repo {
  /**
   * The categories an article is filed under: the chosen article categories (type 1) with all
   * their ancestors, so that listing a parent category also finds the articles of its children.
   */
  async path(ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const all = await this.db
      .selectFrom('categories')
      .select(['id', 'parent_id'])
      .where('type', '=', CATEGORY_TYPES.article)
      .execute();
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
  private async addCounts(delta: Map<number, number>): Promise<void> {
    for (const [id, n] of delta) {
      if (!n) continue;
      await this.db
        .updateTable('categories')
        .set((eb) => ({ doc_count: eb('doc_count', '+', n) }))
        .where('id', '=', id)
        .execute();
    }
  }

  /** Replaces the category links of live articles and moves the category counters accordingly. */
  async relink(articleIds: number[], categoryIds: number[]): Promise<void> {
    if (!articleIds.length) return;
    const old = await this.linkedCategories(articleIds);
    await this.db.deleteFrom('article_categories').where('article_id', 'in', articleIds).execute();
    const now = nowIso();
    const rows = articleIds.flatMap((article_id) =>
      categoryIds.map((category_id) => ({ article_id, category_id, created_at: now })),
    );
    for (let i = 0; i < rows.length; i += 200)
      await this.db
        .insertInto('article_categories')
        .values(rows.slice(i, i + 200))
        .execute();
    await this.addCounts(tally(rows, 1, tally(old, -1)));
  }

  /** Moves the category counters of articles leaving (-1) or returning from (+1) the recycle bin; the links stay. */
  async countCategories(articleIds: number[], sign: 1 | -1): Promise<void> {
    if (!articleIds.length) return;
    await this.addCounts(tally(await this.linkedCategories(articleIds), sign));
  }

  /** The category of every link of the articles (one row per link). */
  private linkedCategories(articleIds: number[]): Promise<Array<{ category_id: number }>> {
    return this.db.selectFrom('article_categories').select('category_id').where('article_id', 'in', articleIds).execute();
  }

  /** Articles leaving (-1) or returning to (+1) the live ones: their categories' and authors' counters follow. */
  async countLive(rows: Array<{ id: number; user_id: number }>, sign: 1 | -1): Promise<void> {
    await this.countCategories(
      rows.map((r) => r.id),
      sign,
    );
    await this.countAuthors(rows, sign);
  }

  /** Moves users' article_count by `sign` for each of their articles among the rows. */
  countAuthors(rows: Array<{ user_id: number }>, sign: 1 | -1): Promise<void> {
    return this.addToOwners('article_count', rows, sign);
  }

  /** The categories and authors articles show: brief authors in lists, the public profile for a single article. */
  async relations(categoryIds: number[], userIds: number[], fullUser: boolean) {
    const columns = fullUser ? PUBLIC_PROFILE_COLUMNS : BRIEF_USER;
    const [cats, users] = await Promise.all([
      categoryIds.length ? this.db.selectFrom('categories').select(CATEGORY_FIELDS).where('id', 'in', categoryIds).execute() : [],
      this.db.selectFrom('users').select(columns).where('id', 'in', userIds).execute(),
    ]);
    return { cats, users };
  }

  /** Category links of some articles, article id → category ids. */
  linksOf(articleIds: number[]): Promise<Map<number, number[]>> {
    return this.linkMap('article_categories', 'article_id', 'category_id', articleIds, 'id');
  }
}
