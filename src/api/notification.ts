/** Member notices (审核结果) and the back office's review counts: Wenku's own calls (no moredoc equivalent). */
import type { Paging, ListReply } from './types.ts';
import type { Notification, PendingCounts } from '../contract/notification.ts';
import { fill, normalizeList } from './defaults.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

export type { Notification, PendingCounts };

const NOTIFICATION: Notification = {
  id: 0,
  user_id: 0,
  kind: '',
  target_id: 0,
  title: '',
  content: '',
  read_at: null,
  created_at: '',
  updated_at: '',
};

/** The caller's notices, newest first, and how many are unread. */
export const listNotifications = async (
  params: Paging,
): Promise<ApiResult<ListReply<'notification', Notification> & { unread: number }>> =>
  mapOk(await http.get<unknown>('/notification/list', params), (d) => ({
    ...normalizeList(d, 'notification', (raw) => fill(NOTIFICATION, raw)),
    unread: Number((d as { unread?: number } | null)?.unread ?? 0),
  }));

/** Marks the listed notices read, or all of them when `ids` is empty. */
export const markNotificationsRead = (ids: number[] = []) => http.put<Record<string, never>>('/notification/read', { id: ids });

/** Documents and comments waiting for review; only the kinds the caller may review are present. */
export const getPendingCounts = async (): Promise<ApiResult<Required<PendingCounts>>> =>
  mapOk(await http.get<unknown>('/review/pending'), (d) => fill({ document: 0, comment: 0 }, d));
