import { z } from 'zod';
import { idArray, pageOnly } from './common.ts';
import { timestamps } from './reply.ts';

/**
 * Member notices and review counts (Wenku's own calls; moredoc has none): the member is told
 * when his document or comment was approved or rejected, and reviewers see what waits for them.
 */
export const notificationList = pageOnly;

/** Marks the caller's notices as read: the listed ones, or all when `id` is empty. */
export const notificationRead = z.object({ id: idArray('通知ID无效').default([]) });

/** The reason a reviewer gives with a rejection (shown to the member). */
export const reviewReason = z.string().trim().max(255, '拒绝原因最多255个字符').default('');

export const notification = z.object({
  id: z.number(),
  user_id: z.number(),
  /** 'document' or 'comment' */
  kind: z.string(),
  target_id: z.number(),
  title: z.string(),
  content: z.string(),
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
export type NotificationListReply = z.infer<typeof notificationListReply>;

/** What waits for review, for what the caller may review (GET /review/pending). */
export const pendingCountsReply = z.object({ document: z.number().optional(), comment: z.number().optional() });
export type PendingCounts = z.infer<typeof pendingCountsReply>;
