/**
 * Calls of the public user home page (screens §5.7, api-contract §2.2, §2.5; the profile and the user list
 * the build pre-renders are `userGet` and `userAdminList` of src/api/generated): the user's public documents
 * (converted only) and articles (published only). Answers are normalised.
 */
import { fill, normalizeList } from './defaults.ts';
import { call } from './call.ts';
import { documentList } from './generated/document.ts';
import type { Document } from '../contract/document.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import type { ListReply, User } from './types.ts';
import { articleList } from './generated/article.ts';
import { DOCUMENT_STATUS, REVIEW_STATUS } from '../domain/status.ts';

export type { Document, User };

/** Rows per page of the user page lists (screens §5.7: 20; the server allows visitors 24). */
export const USER_LIST_SIZE = 20;

/** Published article status (contract §4.4). */

export interface UserArticle {
  id: number;
  identifier: string;
  title: string;
  description: string;
  view_count: number;
  comment_count: number;
  favorite_count: number;
  category_id: number[];
  created_at: string;
}

const ARTICLE: UserArticle = {
  id: 0,
  identifier: '',
  title: '',
  description: '',
  view_count: 0,
  comment_count: 0,
  favorite_count: 0,
  category_id: [],
  created_at: '',
};

export function normalizeUserArticle(raw: unknown): UserArticle {
  const a = fill(ARTICLE, raw);
  a.category_id = Array.isArray(a.category_id) ? a.category_id.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
  return a;
}

export interface UserListParams {
  user_id: number;
  page?: number;
  size?: number;
}

/** The user's converted documents, newest first. */
export const listUserDocuments = (p: UserListParams) =>
  call(documentList, {
    user_id: [p.user_id],
    page: p.page ?? 1,
    size: p.size ?? USER_LIST_SIZE,
    status: [DOCUMENT_STATUS.converted],
    order: 'id desc',
  });

/** The user's published articles, newest first. */
export const listUserArticles = async (p: UserListParams): Promise<ApiResult<ListReply<'article', UserArticle>>> =>
  mapOk(
    await http.get<unknown>(articleList.path, {
      user_id: [p.user_id],
      page: p.page ?? 1,
      size: p.size ?? USER_LIST_SIZE,
      status: [REVIEW_STATUS.published],
      order: 'id desc',
    }),
    (d) => normalizeList(d, 'article', normalizeUserArticle),
  );
