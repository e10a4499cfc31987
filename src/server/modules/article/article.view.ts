import type { Database } from '../../db/db.ts';
import type { ArticleRow } from '../../db/schema.ts';
import type { Article } from '../../../contract/article.ts';
import { REVIEW_STATUS } from '../../../domain/status.ts';
import { articleUrl } from '../../../domain/urls.ts';
import { toCategory } from '../category/category.repo.ts';
import { ArticleCategoryRepo } from './article-category.repo.ts';

/** Every column but the content: what lists select. */
export const LIST_COLUMNS = [
  'id',
  'identifier',
  'author',
  'user_id',
  'title',
  'keywords',
  'description',
  'view_count',
  'favorite_count',
  'comment_count',
  'status',
  'reject_reason',
  'recommend_at',
  'deleted_at',
  'created_at',
  'updated_at',
] as const;

export type ListedArticle = Omit<ArticleRow, 'content' | 'deleted_user_id'> & { content?: string; deleted_user_id?: number };

/** Orders categories so that a parent comes before its children (the path from the top). */
function pathOrder<T extends { id: number; parent_id: number }>(cats: T[]): T[] {
  const depth = (c: T): number => {
    let d = 0;
    let cur: T | undefined = c;
    const seen = new Set<number>();
    while (cur && cur.parent_id && !seen.has(cur.id)) {
      seen.add(cur.id);
      const parent: number = cur.parent_id;
      cur = cats.find((x) => x.id === parent);
      d++;
    }
    return d;
  };
  return [...cats].sort((a, b) => depth(a) - depth(b) || a.id - b.id);
}

/**
 * Wire articles: each with its author (`user`: id, username and avatar in lists, the public
 * profile for a single article), `category_id[]` and the `category[]` chain.
 */
export async function present(db: Database, rows: ListedArticle[], fullUser = false): Promise<Article[]> {
  if (!rows.length) return [];
  const categories = new ArticleCategoryRepo(db);
  const links = await categories.linksOf(rows.map((r) => r.id));
  const catIds = [...new Set([...links.values()].flat())];
  const userIds = [...new Set(rows.map((r) => r.user_id))];
  const { cats, users } = await categories.relations(catIds, userIds, fullUser);
  return rows.map((r) => {
    const { deleted_user_id: _internal, ...rest } = r;
    const mine = pathOrder(cats.filter((c) => links.get(r.id)?.includes(c.id)));
    return {
      ...rest,
      user: users.find((u) => u.id === r.user_id),
      category_id: mine.map((c) => c.id),
      category: mine.map(toCategory),
    };
  });
}

/**
 * The address of an article now (`/article/<first category>/detail/<identifier>`), or null without
 * one. `publishedOnly` leaves out articles not yet public (redirects only send readers to pages they can read).
 */
export async function articleAddress(
  db: Database,
  row: ListedArticle | undefined,
  { publishedOnly = false } = {},
): Promise<string | null> {
  if (!row || (publishedOnly && row.status !== REVIEW_STATUS.published)) return null;
  const [article] = await present(db, [row]);
  return article ? articleUrl(article) : null;
}
