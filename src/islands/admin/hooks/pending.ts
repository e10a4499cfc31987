/** What waits for review (GET /review/pending): badges of the admin menu and the dashboard card. */
import { atom } from 'nanostores';
import { isOk } from '../../../api/http.ts';
import { call } from '../../../api/call.ts';
import { notificationPending } from '../../../api/generated/notification.ts';
import type { PendingCounts } from '../../../contract/notification.ts';

export const $pending = atom<Required<PendingCounts>>({ document: 0, comment: 0 });

export async function refreshPending(): Promise<void> {
  const r = await call(notificationPending);
  if (isOk(r)) $pending.set(r.data);
}
