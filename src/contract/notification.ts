import { z } from 'zod';
import { idArray, pageOnly } from './common.ts';
import { numbers, strings, timestamps } from './reply.ts';
import { endpoint, service } from './endpoint.ts';

/**
 * Member notices and review counts (Wenku's own calls; moredoc has none): the member is told
 * when his document, article or comment was approved or rejected, and reviewers see what waits for them.
 */
export const notificationList = pageOnly;

/** Marks the caller's notices as read: the listed ones, or all when `id` is empty. */
export const notificationRead = z.object({ id: idArray('通知ID无效').default([]) });

/** The reason a reviewer gives with a rejection (shown to the member). */
export const reviewReason = z.string().trim().max(255, '拒绝原因最多255个字符').default('');

export const notification = z.object({
  ...numbers('id', 'user_id'),
  /** 'document', 'article' (review outcomes), 'convert' (a failed conversion) or 'comment' */
  kind: z.string(),
  target_id: z.number(),
  ...strings('title', 'content'),
  read_at: z.string().nullable(),
  ...timestamps,
});
export type Notification = z.infer<typeof notification>;

export const notificationListReply = z.object({
  total: z.number().optional(),
  notification: z.array(notification).optional(),
  /** the caller's unread notices */
  unread: z.number().optional(),
});

/** What waits for review, for what the caller may review (GET /review/pending). */
export const pendingCountsReply = z.object({ document: z.number().optional(), comment: z.number().optional() });
export type PendingCounts = z.infer<typeof pendingCountsReply>;

/** Wenku's own calls (no moredoc service): notices of a member, review counts of the back office. */
export const notificationApi = service('NotificationAPI', '消息通知', {
  calls: {
    list: endpoint.get('/notification/list', 'login', { query: notificationList, reply: notificationListReply }),
    read: endpoint.put('/notification/read', 'login', { body: notificationRead }),
    pending: endpoint.get('/review/pending', 'login', { reply: pendingCountsReply }),
  },
  summaries: {
    list: '我的消息通知（审核结果，新的在前；含未读数 unread）',
    read: '标记消息为已读（不指定 id 时全部已读）',
    pending: '待审核的文档数与评论数（只含调用者有审核权限的）',
  },
});
