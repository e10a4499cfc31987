/**
 * ArticleAPI, back-office side (api-contract §2.5): admin lists with keyword and status filters,
 * create/update, batch review/recommend/categorise, the recycle bin and the editor's image upload.
 * Articles are normalised by api/article.ts.
 */
import {
  articleCheck,
  articleCreate,
  articleDelete,
  articleEmpty,
  articleList,
  articlePurge,
  articleRecommend,
  articleRecycleList,
  articleRestore,
  articleSetCategory,
  articleUpdate,
  articleUpload,
} from './generated/article.ts';
import { getList } from './defaults.ts';
import type { PageQuery } from './types.ts';
import type { ArticleUploadReply } from '../contract/article.ts';
import { normalizeArticle } from './article.ts';
import type { Article } from './article.ts';
import { http, isOk, mapOk, messageOf, upload } from './http.ts';
import type { ApiResult } from './http.ts';

type Empty = Record<string, never>;

export interface AdminArticleListParams extends PageQuery {
  order?: string;
  status?: number[];
  category_id?: number[];
  is_recommend?: boolean[];
  user_id?: number[];
}

/** Holders of「查询文章列表」see every status and may search by keyword. */
export const adminListArticles = (params: AdminArticleListParams) =>
  getList(articleList.path, params, 'article', normalizeArticle);

/** What the article form sends; `identifier` and `status` are honoured on create only. */
export interface ArticleBody {
  title: string;
  keywords: string;
  description: string;
  /** editor HTML; the server sanitises it */
  content: string;
  author: string;
  category_id: number[];
  is_recommend: boolean;
  identifier: string;
}

/** The created article (content as stored, i.e. sanitised). 400 when the identifier is taken. */
export const createArticle = async (body: ArticleBody & { status: number }): Promise<ApiResult<Article>> =>
  mapOk(await http.post<unknown>(articleCreate.path, body), normalizeArticle);

/** Overwrites title, keywords, description, content, author and categories; status and identifier stay. */
export const updateArticle = (body: ArticleBody & { id: number }) => http.put<Empty>(articleUpdate.path, body);

/** Soft delete: to the recycle bin. */
export const deleteArticles = (ids: number[]) => http.del<Empty>(articleDelete.path, { id: ids });

/** Replaces the categories of the articles. */
export const setArticlesCategory = (ids: number[], categoryIds: number[]) =>
  http.put<Empty>(articleSetCategory.path, { article_id: ids, category_id: categoryIds });

export const recommendArticles = (ids: number[], isRecommend: boolean) =>
  http.put<Empty>(articleRecommend.path, { article_id: ids, is_recommend: isRecommend });

/** 0 pending, 1 approved, 2 rejected (a reason is required). */
export const checkArticles = (ids: number[], status: number, rejectReason = '') =>
  http.put<Empty>(articleCheck.path, { article_id: ids, status, reject_reason: rejectReason });

/** Deleted articles, latest deletion first. */
export const listRecycleArticles = (params: PageQuery) => getList(articleRecycleList.path, params, 'article', normalizeArticle);

export const restoreArticles = (ids: number[]) => http.post<Empty>(articleRestore.path, { id: ids });

/** Permanent deletion. */
export const purgeArticles = (ids: number[]) => http.del<Empty>(articlePurge.path, { id: ids });

export const emptyArticleRecycle = () => http.del<Empty>(articleEmpty.path);

/**
 * An image for the article editor: POST /upload/article?type=image. The route answers in
 * wangEditor's format (`msg` on failure, with a 4xx status); this gives `{url, alt}` or the message to show.
 */
export async function uploadArticleImage(
  file: File | Blob,
  onProgress?: (pct: number) => void,
): Promise<{ ok: true; url: string; alt: string } | { ok: false; message: string }> {
  const r = await upload<ArticleUploadReply>(`${articleUpload.path}?type=image`, file, {}, onProgress);
  if (!isOk(r)) return { ok: false, message: messageOf(r, '图片上传失败') };
  const d = r.data;
  if (d.errno !== 0) return { ok: false, message: d.msg || '图片上传失败' };
  // another moredoc-compatible server may answer without the image
  const url = d.data?.url;
  return url ? { ok: true, url, alt: d.data?.alt ?? '' } : { ok: false, message: '图片上传失败' };
}
