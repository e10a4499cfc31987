/** What waits for review (GET /review/pending): badges of the admin menu and the dashboard card. */
import { atom } from 'nanostores';
import { isOk } from '../../../api/http.ts';
import { getPendingCounts } from '../../../api/notification.ts';
import type { PendingCounts } from '../../../api/notification.ts';

export const $pending = atom<Required<PendingCounts>>({ document: 0, comment: 0 });

export async function refreshPending(): Promise<void> {
  const r = await getPendingCounts();
  if (isOk(r)) $pending.set(r.data);
}
