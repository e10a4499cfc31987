/**
 * Build-time data of the user home pages: the first users GET /user/list answers (public
 * columns, read page by page) and each user's first page of public documents, cut from the
 * library's full document list (no extra call per user). Without an API both are empty.
 */
import { isOk, mapOk } from '../../api/http.ts';
import type { User } from '../../api/types.ts';
import type { Document } from '../../contract/document.ts';
import { USER_LIST_SIZE } from '../../views/user/page.ts';
import { allPublicDocuments } from '../../build/documents.ts';
import { memo } from '../../build/memo.ts';
import { getSiteData } from '../../build/site-data.ts';
import { call } from '../../api/call.ts';
import { userAdminList } from '../../api/generated/user-admin.ts';

/** Users pre-rendered per build; later users get the fallback shell. */
const USERS_PER_BUILD = 1000;
/** The server's largest page of users for visitors. */
const PAGE = 100;

/** Users to pre-render (valid ids, each once). */
export const publicUsers = memo('users', async (): Promise<User[]> => {
  if ((await getSiteData()).source !== 'api') return [];
  const all: User[] = [];
  for (let page = 1; all.length < USERS_PER_BUILD; page++) {
    const r = mapOk(await call(userAdminList, { page, size: PAGE }), (d) => d.user);
    if (!isOk(r)) {
      console.warn(`[users] the user list failed: ${r.data.message}`);
      break;
    }
    all.push(...r.data);
    if (r.data.length < PAGE) break;
  }
  const seen = new Set<number>();
  return all.filter((u) => Number.isSafeInteger(u.id) && u.id > 0 && u.username && !seen.has(u.id) && seen.add(u.id));
});

/** First page of a user's public documents (newest first) and their number. */
export async function userFirstDocuments(userId: number): Promise<{ documents: Document[]; total: number }> {
  const all = await allPublicDocuments();
  const mine = all.filter((d) => d.user_id === userId);
  return { documents: mine.slice(0, USER_LIST_SIZE), total: mine.length };
}
