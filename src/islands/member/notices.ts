/** How many of the member's notices are unread: the badge of 消息通知 in the member menu. */
import { atom } from 'nanostores';
import { isOk } from '../../api/http.ts';
import { listNotifications } from '../../api/notification.ts';

export const $unreadNotices = atom(0);

export async function refreshUnreadNotices(): Promise<void> {
  const r = await listNotifications({ page: 1, size: 1 });
  if (isOk(r)) $unreadNotices.set(r.data.unread);
}
