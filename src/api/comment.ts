/**
 * CommentAPI, public side (api-contract §2.6): the comments of a document (type 0) or an
 * article (type 1), and posting one. `content` is PLAIN TEXT: always show it with textContent.
 */
import { commentCreate, commentDelete, commentList } from './generated/comment.ts';
import { getList, fill, normalizeList } from './defaults.ts';
import type { Comment as WireComment } from '../contract/comment.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import type { ListReply } from './types.ts';

export type CommentType = 0 | 1;
export const COMMENT_APPROVED = 1;
/** Longest comment (characters), as the server checks it. */
export const COMMENT_MAX_CHARS = 500;

export interface CommentUser {
  id: number;
  username: string;
  avatar: string;
}

export type Comment = Omit<WireComment, 'user' | 'ip' | 'document_title' | 'document_uuid'> & { user: CommentUser };

const COMMENT: Comment = {
  id: 0,
  parent_id: 0,
  document_id: 0,
  type: 0,
  content: '',
  status: 0,
  comment_count: 0,
  user_id: 0,
  user: { id: 0, username: '', avatar: '' },
  created_at: '',
  updated_at: '',
};

export function normalizeComment(raw: unknown): Comment {
  const c = fill(COMMENT, raw);
  const u = fill({ id: 0, username: '', avatar: '' }, c.user);
  c.user = { id: Number(u.id) || c.user_id, username: String(u.username), avatar: String(u.avatar) };
  c.content = String(c.content);
  return c;
}

export interface CommentListParams {
  /** document id, or article id when `type` is 1 */
  document_id: number;
  type: CommentType;
  page?: number;
  size?: number;
}

/**
 * One page of approved top-level comments (newest first) followed by their approved replies
 * (`parent_id` set, oldest first); `total` counts the top-level comments.
 */
export const listComments = (params: CommentListParams) => getList(commentList.path, params, 'comment', normalizeComment);

export interface CommentBody {
  document_id: number;
  type: CommentType;
  /** 0, or the top-level comment replied to */
  parent_id: number;
  content: string;
  captcha?: string;
  captcha_id?: string;
}

/** The new comment; `status` 0 means it waits for review. Refusals carry a Chinese message. */
export const createComment = async (body: CommentBody): Promise<ApiResult<Comment>> =>
  mapOk(await http.post<unknown>(commentCreate.path, body), normalizeComment);

/** A comment with the title and uuid (document) or identifier (article) of what it is about. */
export type TargetedComment = Comment & { document_title: string; document_uuid: string };

const TARGET = { document_title: '', document_uuid: '' };

/** A comment with its target (and `more` fields the caller reads), user and content normalised. */
export const normalizeTargeted = <M extends object = object>(raw: unknown, more?: M): TargetedComment & M => ({
  ...fill({ ...TARGET, ...more } as typeof TARGET & M, raw),
  ...normalizeComment(raw),
});

/** The caller's own comments in every review status, newest first (GET /comment/list?user_id=<me>). */
export const listMyComments = async (params: {
  user_id: number;
  page?: number;
  size?: number;
}): Promise<ApiResult<ListReply<'comment', TargetedComment>>> =>
  mapOk(await http.get<unknown>(commentList.path, { ...params, with_document_title: true }), (d) =>
    normalizeList(d, 'comment', (raw) => normalizeTargeted(raw)),
  );

/** Deletes the caller's own comments (a top-level comment goes with its replies). */
export const deleteMyComments = (ids: number[]) => http.del<Record<string, never>>(commentDelete.path, { id: ids });
