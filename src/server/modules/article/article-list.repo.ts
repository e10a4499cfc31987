import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { countOf, likeAny, paginate, parseOrder } from '../../http/list.ts';
import { REVIEW_STATUS as ARTICLE_STATUS } from '../../../domain/status.ts';
import { Repo } from '../../db/repo.ts';
import { keywordList } from './keywords.ts';
import { LIST_COLUMNS, type ListedArticle } from './article.view.ts';

const ORDER_COLUMNS = [
  'id',
  'title',
  'view_count',
  'favorite_count',
  'comment_count',
  'status',
  'recommend_at',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

export const RELATED_LIMIT = 10;

export interface ArticleFilter {
  page?: number;
  size?: number;
  wd?: string;
  order?: string;
  categoryIds?: number[];
  userIds?: number[];
  /** absent: any status */
  statuses?: number[];
  /** true: recommended only, false: not recommended only, absent: both */
  recommended?: boolean;
  /** the recycle bin instead of live articles */
  deleted?: boolean;
}

const inCategories = (ids: number[]) => (eb: ExpressionBuilder<DB, 'articles'>) =>
  eb.exists(
    eb
      .selectFrom('article_categories as ac')
      .select('ac.id')
      .whereRef('ac.article_id', '=', 'articles.id')
      .where('ac.category_id', 'in', ids),
  );

/** Article listings: filtered pages and the related articles of one. */
export class ArticleListRepo extends Repo {
  /** One page of articles (content left out) and the total matching the filter. */
  async list(f: ArticleFilter, defaultOrder: 'id' | 'deleted_at' = 'id'): Promise<{ total: number; rows: ListedArticle[] }> {
    let base = this.db.selectFrom('articles').where('deleted_at', f.deleted ? 'is not' : 'is', null);
    if (f.wd?.trim()) base = base.where(likeAny(['title', 'keywords', 'description'], f.wd));
    if (f.statuses?.length) base = base.where('status', 'in', f.statuses);
    if (f.userIds?.length) base = base.where('user_id', 'in', f.userIds);
    if (f.categoryIds?.length) base = base.where(inCategories(f.categoryIds));
    if (f.recommended !== undefined) base = base.where('recommend_at', f.recommended ? 'is not' : 'is', null);

    const total = await countOf(base);
    let q = base.select(LIST_COLUMNS);
    const order = parseOrder(f.order, ORDER_COLUMNS);
    for (const [col, dir] of order.length ? order : [[defaultOrder, 'desc'] as const]) {
      // NULLs (never recommended, not deleted) go last on both dialects
      q =
        col === 'recommend_at' || col === 'deleted_at'
          ? q.orderBy(col, (ob) => (dir === 'asc' ? ob.asc() : ob.desc()).nullsLast())
          : q.orderBy(col as 'id', dir);
    }
    q = q.orderBy('id', 'desc');
    return { total, rows: await paginate(q, f.page, f.size).execute() };
  }

  /**
   * Published articles related to one: those whose title or keywords share one of its keywords
   * (the words of its title when it has none) first, then others of its categories; newest first.
   */
  async related(article: { id: number; title: string; keywords: string }): Promise<ListedArticle[]> {
    const live = this.db
      .selectFrom('articles')
      .select(LIST_COLUMNS)
      .where('deleted_at', 'is', null)
      .where('status', '=', ARTICLE_STATUS.published)
      .where('id', '!=', article.id);
    const words = keywordList(article.keywords, article.title);
    const byWords = words.length
      ? await live
          .where(
            sql<boolean>`(${sql.join(
              words.map((w) => likeAny(['title', 'keywords'], w)),
              sql` or `,
            )})`,
          )
          .orderBy('id', 'desc')
          .limit(RELATED_LIMIT)
          .execute()
      : [];
    if (byWords.length >= RELATED_LIMIT) return byWords;
    const cats = await this.db
      .selectFrom('article_categories')
      .select('category_id')
      .where('article_id', '=', article.id)
      .execute();
    if (!cats.length) return byWords;
    let more = live.where(inCategories(cats.map((c) => c.category_id)));
    if (byWords.length)
      more = more.where(
        'id',
        'not in',
        byWords.map((r) => r.id),
      );
    return [
      ...byWords,
      ...(await more
        .orderBy('id', 'desc')
        .limit(RELATED_LIMIT - byWords.length)
        .execute()),
    ];
  }
}
