/**
 * ArticleAPI, public side (api-contract §2.5): one article, lists and related articles.
 * Answers are normalised (zero values filled). Only types come from src/contract: its zod
 * schemas must stay out of public-page bundles.
 */
import { articleGet, articleList, articleRelated } from './generated/article.ts';
import { getList, fill, fillList } from './defaults.ts';
import type { Paging } from './types.ts';
import type { Article as WireArticle } from '../contract/article.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

export interface ArticleUser {
  id: number;
  username: string;
  avatar: string;
}
export interface ArticleCategory {
  id: number;
  parent_id: number;
  title: string;
}

export type Article = Omit<WireArticle, 'user' | 'category' | 'category_id' | 'content' | 'recommend_at' | 'deleted_at'> & {
  /** sanitised HTML ('' in lists) */
  content: string;
  user: ArticleUser;
  category_id: number[];
  /** the category chains, parents before children */
  category: ArticleCategory[];
  recommend_at: string | null;
  deleted_at: string | null;
};

export const ARTICLE_DEFAULTS: Article = {
  id: 0,
  identifier: '',
  author: '',
  user_id: 0,
  title: '',
  keywords: '',
  description: '',
  content: '',
  view_count: 0,
  favorite_count: 0,
  comment_count: 0,
  status: 0,
  reject_reason: '',
  category_id: [],
  category: [],
  user: { id: 0, username: '', avatar: '' },
  recommend_at: null,
  deleted_at: null,
  created_at: '',
  updated_at: '',
};

const CATEGORY: ArticleCategory = { id: 0, parent_id: 0, title: '' };

export function normalizeArticle(raw: unknown): Article {
  const a = fill(ARTICLE_DEFAULTS, raw);
  a.category_id = Array.isArray(a.category_id) ? a.category_id.map(Number).filter((n) => n > 0) : [];
  a.category = fillList(a.category, (c) => fill(CATEGORY, c));
  const u = fill({ id: 0, username: '', avatar: '' }, a.user);
  a.user = { id: Number(u.id) || 0, username: String(u.username), avatar: String(u.avatar) };
  a.content = typeof a.content === 'string' ? a.content : '';
  return a;
}

export interface ArticleListParams extends Paging {
  /** `"<column> [asc|desc]"`, e.g. `view_count desc` */
  order?: string;
  category_id?: number[];
  is_recommend?: boolean[];
  user_id?: number[];
  status?: number[];
}

/** By `identifier` the server counts a view; by `id` it does not (the build uses ids). */
export const getArticle = async (params: { id?: number; identifier?: string }): Promise<ApiResult<Article>> =>
  mapOk(await http.get<unknown>(articleGet.path, params), normalizeArticle);

/** Without content; visitors see published articles only, at most 100 per page. */
export const listArticles = (params: ArticleListParams) => getList(articleList.path, params, 'article', normalizeArticle);

/** Up to 10 published articles sharing keywords or categories; 404 when there are none. */
export const getRelatedArticles = async (params: {
  id?: number;
  identifier?: string;
}): Promise<ApiResult<{ article: Article[] }>> =>
  mapOk(await http.get<{ article?: unknown }>(articleRelated.path, params), (d) => ({
    article: fillList(d.article, normalizeArticle),
  }));
