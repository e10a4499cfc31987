/**
 * Back-office calls for comments (api-contract §2.6) and guest feedback (Wenku's FeedbackAPI).
 * Comment and feedback `content` is PLAIN TEXT: render it as text, never as HTML.
 */
import type { Comment as WireComment } from '../contract/comment.ts';
import type { Feedback } from '../contract/feedback.ts';
import { fill, normalizeList } from './defaults.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import type { ListReply } from './types.ts';

type Empty = Record<string, never>;

export type { Feedback };

/** A comment as the admin list returns it (with the title and uuid/identifier of its target). */
export type AdminComment = Omit<WireComment, 'user' | 'document_title' | 'document_uuid' | 'ip'> & {
  user: { id: number; username: string; avatar: string };
  document_title: string;
  document_uuid: string;
  ip: string;
};

const COMMENT: AdminComment = {
  id: 0,
  parent_id: 0,
  document_id: 0,
  type: 0,
  content: '',
  status: 0,
  comment_count: 0,
  user_id: 0,
  user: { id: 0, username: '', avatar: '' },
  document_title: '',
  document_uuid: '',
  ip: '',
  created_at: '',
  updated_at: '',
};

export function normalizeAdminComment(raw: unknown): AdminComment {
  const c = fill(COMMENT, raw);
  const u = fill({ id: 0, username: '', avatar: '' }, c.user);
  c.user = { id: Number(u.id) || c.user_id, username: String(u.username), avatar: String(u.avatar) };
  c.content = String(c.content);
  return c;
}

export interface AdminCommentListParams {
  page?: number;
  size?: number;
  wd?: string;
  type?: number[];
  status?: number[];
}

/** Every status, with the target's title (`with_document_title`). */
export const adminListComments = async (params: AdminCommentListParams): Promise<ApiResult<ListReply<'comment', AdminComment>>> =>
  mapOk(await http.get<unknown>('/comment/list', { ...params, with_document_title: true }), (d) =>
    normalizeList(d, 'comment', normalizeAdminComment),
  );

/** Content and review status. */
export const updateComment = (body: { id: number; content: string; status: number }) => http.put<Empty>('/comment', body);

/** `reason` goes to the authors with a rejection. */
export const checkComments = (ids: number[], status: number, reason = '') =>
  http.post<Empty>('/comment/check', { id: ids, status, reason });

/** Deleting a top-level comment deletes its replies too. */
export const deleteComments = (ids: number[]) => http.del<Empty>('/comment', { id: ids });

const FEEDBACK: Feedback = {
  id: 0,
  name: '',
  contact: '',
  content: '',
  status: 0,
  reply: '',
  ip: '',
  user_id: 0,
  username: '',
  created_at: '',
  updated_at: '',
};

export const normalizeFeedback = (raw: unknown): Feedback => fill(FEEDBACK, raw);

export const listFeedback = async (params: {
  page?: number;
  size?: number;
  wd?: string;
  status?: number[];
}): Promise<ApiResult<ListReply<'feedback', Feedback>>> =>
  mapOk(await http.get<unknown>('/feedback/list', params), (d) => normalizeList(d, 'feedback', normalizeFeedback));

/** Status and reply are both overwritten. */
export const updateFeedback = (body: { id: number; status: number; reply: string }) => http.put<Empty>('/feedback', body);

export const deleteFeedback = (ids: number[]) => http.del<Empty>('/feedback', { id: ids });
