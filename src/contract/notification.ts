import { z } from 'zod';
import { idArray, integer } from './common.ts';

/**
 * Member notices and review counts (Wenku's own calls; moredoc has none): the member is told
 * when his document or comment was approved or rejected, and reviewers see what waits for them.
 */
export const notificationList = z.object({
  page: integer(z.number().int().optional()),
  size: integer(z.number().int().optional()),
});

/** Marks the caller's notices as read: the listed ones, or all when `id` is empty. */
export const notificationRead = z.object({ id: idArray('通知ID无效').default([]) });

/** The reason a reviewer gives with a rejection (shown to the member). */
export const reviewReason = z.string().trim().max(255, '拒绝原因最多255个字符').default('');

export interface Notification {
  id: number;
  user_id: number;
  /** 'document' or 'comment' */
  kind: string;
  target_id: number;
  title: string;
  content: string;
  read_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationListReply {
  total?: number;
  notification?: Notification[];
  /** the caller's unread notices */
  unread?: number;
}

/** What waits for review, for what the caller may review (GET /review/pending). */
export interface PendingCounts {
  document?: number;
  comment?: number;
}
