/**
 * Back-office calls for comments (api-contract §2.6) and guest feedback (Wenku's FeedbackAPI).
 * Comment and feedback `content` is PLAIN TEXT: render it as text, never as HTML.
 */
import { commentCheck, commentDelete, commentList, commentUpdate } from './generated/comment.ts';
import { feedbackDelete, feedbackList, feedbackUpdate } from './generated/feedback.ts';
import { getList, fill, normalizeList } from './defaults.ts';
import type { PageQuery, ListReply } from './types.ts';
import { normalizeTargeted } from './comment.ts';
import type { TargetedComment } from './comment.ts';
import type { Feedback } from '../contract/feedback.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

type Empty = Record<string, never>;

export type { Feedback };

/** A comment as the admin list returns it (with the title and uuid/identifier of its target). */
export type AdminComment = TargetedComment & { ip: string };

export const normalizeAdminComment = (raw: unknown): AdminComment => normalizeTargeted(raw, { ip: '' });

export interface AdminCommentListParams extends PageQuery {
  type?: number[];
  status?: number[];
}

/** Every status, with the target's title (`with_document_title`). */
export const adminListComments = async (params: AdminCommentListParams): Promise<ApiResult<ListReply<'comment', AdminComment>>> =>
  mapOk(await http.get<unknown>(commentList.path, { ...params, with_document_title: true }), (d) =>
    normalizeList(d, 'comment', normalizeAdminComment),
  );

/** Content and review status. */
export const updateComment = (body: { id: number; content: string; status: number }) => http.put<Empty>(commentUpdate.path, body);

/** `reason` goes to the authors with a rejection. */
export const checkComments = (ids: number[], status: number, reason = '') =>
  http.post<Empty>(commentCheck.path, { id: ids, status, reason });

/** Deleting a top-level comment deletes its replies too. */
export const deleteComments = (ids: number[]) => http.del<Empty>(commentDelete.path, { id: ids });

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

export const listFeedback = (
  params: PageQuery & {
    status?: number[];
  },
) => getList(feedbackList.path, params, 'feedback', normalizeFeedback);

/** Status and reply are both overwritten. */
export const updateFeedback = (body: { id: number; status: number; reply: string }) => http.put<Empty>(feedbackUpdate.path, body);

export const deleteFeedback = (ids: number[]) => http.del<Empty>(feedbackDelete.path, { id: ids });
