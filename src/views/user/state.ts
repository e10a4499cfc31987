/**
 * User home page state (screens §5.7): the user id from the path (`/user/<id>`, also the
 * moredoc sub-paths `/user/<id>/document`, `/user/<id>/article`, `/user/<id>/favorite`), the tab and the page
 * from the query (`?tab=article&page=2`).
 */
import { userUrl } from '../../domain/urls.ts';

export type UserTab = 'document' | 'article' | 'favorite';

export interface UserPageState {
  tab: UserTab;
  page: number;
}

export const DEFAULT_USER_STATE: UserPageState = { tab: 'document', page: 1 };

const USER_PATH = /^\/user\/(\d{1,15})(?:\/(document|article|favorite))?(?:\.html)?\/?$/;

/** The id in a user page path; 0 when the path is no user page. */
export function userIdFromPath(pathname: string): number {
  const m = USER_PATH.exec(pathname);
  const id = Number(m?.[1] ?? 0);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

export function stateFromLocation(pathname: string, search: string): UserPageState {
  const q = new URLSearchParams(search);
  const fromPath = USER_PATH.exec(pathname)?.[2];
  const tabValue = q.get('tab') ?? fromPath ?? '';
  const page = Number.parseInt(q.get('page') ?? '1', 10);
  return {
    tab: tabValue === 'article' || tabValue === 'favorite' ? tabValue : 'document',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

export const isDefaultUserState = (s: UserPageState): boolean => s.tab === 'document' && s.page === 1;

/** `/user/5`, `/user/5?tab=article&page=2`. */
export function userPageHref(id: number, s: UserPageState): string {
  const q = new URLSearchParams();
  if (s.tab !== 'document') q.set('tab', s.tab);
  if (s.page > 1) q.set('page', String(s.page));
  const text = q.toString();
  return `${userUrl(id)}${text ? `?${text}` : ''}`;
}
