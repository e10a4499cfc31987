/** How many of the member's notices are unread: the badge of 消息通知 in the member menu. */
import { atom } from 'nanostores';
import { isOk } from '../../api/http.ts';
import { call } from '../../api/call.ts';
import { notificationList } from '../../api/generated/notification.ts';

export const $unreadNotices = atom(0);

export async function refreshUnreadNotices(): Promise<void> {
  const r = await call(notificationList, { page: 1, size: 1 });
  if (isOk(r)) $unreadNotices.set(r.data.unread);
}
