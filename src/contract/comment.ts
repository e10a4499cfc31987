import { z } from 'zod';
import { reviewReason } from './notification.ts';
import { COMMENT_TYPE_LABELS, REVIEW_STATUS_LABELS } from '../domain/status.ts';
import { charCount, COMMENT_MAX_LENGTH, tooLong } from '../domain/text-limits.ts';
import { captchaFields } from './captcha.ts';
import { idList, idsQuery, integer, pagedQuery, queryBool, repeated } from './common.ts';
import { listReply, numbers, strings, timestamps } from './reply.ts';
import { apiPermission, endpoint, service } from './endpoint.ts';

const commentType = integer(
  z
    .number({ message: '评论类型错误' })
    .int()
    .refine((v) => v in COMMENT_TYPE_LABELS, '评论类型只能是文档或文章'),
);
const commentStatus = integer(
  z
    .number({ message: '审核状态错误' })
    .int()
    .refine((v) => v in REVIEW_STATUS_LABELS, '审核状态只能是待审核、审核通过或审核拒绝'),
);
/** Plain text, trimmed; never HTML (clients escape it when they show it). */
const content = z
  .string({ error: '请输入评论内容' })
  .trim()
  .min(1, '请输入评论内容')
  .refine((v) => charCount(v) <= COMMENT_MAX_LENGTH, tooLong('评论内容', COMMENT_MAX_LENGTH));

export const commentCreate = z.object({
  document_id: integer(z.number({ message: '请指定评论的文档或文章' }).int().positive('请指定评论的文档或文章')),
  type: commentType.default(0),
  /** 0 for a top-level comment; otherwise the top-level comment replied to (two levels only). */
  parent_id: integer(z.number().int().min(0).default(0)),
  content,
  ...captchaFields,
});
export type CommentCreate = z.infer<typeof commentCreate>;

/** Edit by a holder of UpdateComment; a missing status keeps the current one. */
export const commentUpdate = z.object({
  id: integer(z.number().int().positive('请指定要编辑的评论')),
  content,
  status: commentStatus.optional(),
});
export type CommentUpdate = z.infer<typeof commentUpdate>;

export const commentCheck = z.object({
  id: idList('请选择要审核的评论'),
  status: commentStatus,
  /** told to the author with a rejection */
  reason: reviewReason,
});
export type CommentCheck = z.infer<typeof commentCheck>;

export const commentGet = z.object({ id: integer(z.number().int().min(0).default(0)) });

/**
 * With `document_id` (+ `type`): the comments of one document or article, as a flat list the client
 * turns into a two-level tree — top-level comments newest first, paged by page/size, followed by all
 * their replies (oldest first); `total` counts the top-level ones. Visitors see approved comments only.
 * Without `document_id`: holders of ListComment get the admin list (all states, filters, paged);
 * anybody else may only list his own comments (`user_id` = self).
 */
export const commentList = pagedQuery({
  order: z.string().optional(),
  document_id: integer(z.number().int().min(0).optional()),
  type: repeated(integer(z.number().int().min(0))),
  parent_id: repeated(integer(z.number().int().min(0))),
  user_id: integer(z.number().int().min(0).optional()),
  status: repeated(integer(z.number().int().min(0))),
  with_document_title: queryBool.optional(),
});
export type CommentListQuery = z.infer<typeof commentList>;

export const commentUser = z.object({ id: z.number(), ...strings('username', 'avatar') });
export type CommentUser = z.infer<typeof commentUser>;

export const comment = z.object({
  ...numbers('id', 'parent_id', 'document_id', 'type', 'status', 'user_id'),
  /** plain text: escape before showing */
  content: z.string(),
  /** approved replies */
  comment_count: z.number(),
  user: commentUser.optional(),
  document_title: z.string().optional(),
  /** document uuid, or the article identifier */
  document_uuid: z.string().optional(),
  /** only for holders of ListComment */
  ip: z.string().optional(),
  ...timestamps,
});
export type Comment = z.infer<typeof comment>;

const rpc = apiPermission('CommentAPI');
/** Batch review: the notification module counts what waits for its holders. */
export const COMMENT_CHECK = rpc('CheckComment', '批量审核评论');

/** CommentAPI (api-contract §2.6): members comment; the back office reviews, edits and deletes. */
export const commentApi = service('CommentAPI', '评论', {
  calls: {
    create: endpoint.post('/comment', 'login', { body: commentCreate, reply: comment }),
    list: endpoint.get('/comment/list', 'public', { query: commentList, reply: listReply('comment', comment) }),
    get: endpoint.get('/comment', rpc('GetComment', '获取单个评论'), { query: commentGet, reply: comment }),
    update: endpoint.put('/comment', rpc('UpdateComment', '更新评论'), { body: commentUpdate }),
    check: endpoint.post('/comment/check', COMMENT_CHECK, { body: commentCheck }),
    delete: endpoint.delete('/comment', 'login', { query: idsQuery }),
  },
  summaries: {
    create: '发表评论或回复（纯文本，仅两级）',
    list: '评论列表（文档/文章的评论，或后台评论管理）',
    update: '更新评论（内容与审核状态）',
    delete: '删除评论（本人或有权限者；删除一级评论时连同其回复）',
  },
  /** checked in the handlers: the public list shows a holder every state; the owner or a holder deletes */
  checks: { list: rpc('ListComment', '获取评论列表'), delete: rpc('DeleteComment', '删除评论') },
});
