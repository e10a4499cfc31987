/** Where to go after signing in: the `redirect` query when it is a same-site path, else /member. */
import { isSafeUrl } from '../../lib/safe-url.ts';

export const DEFAULT_AFTER_LOGIN = '/member';

export function redirectTarget(search: string): string {
  const r = (new URLSearchParams(search).get('redirect') ?? '').trim();
  // Only local paths (not `//host`), never back into the auth pages.
  if (!r.startsWith('/') || r.startsWith('//') || r.startsWith('/auth/')) return DEFAULT_AFTER_LOGIN;
  return isSafeUrl(r, { allowExternal: false }) ? r : DEFAULT_AFTER_LOGIN;
}

/** `?redirect=` suffix carried between login and register. */
export function redirectQuery(search: string): string {
  const r = new URLSearchParams(search).get('redirect');
  return r ? `?redirect=${encodeURIComponent(r)}` : '';
}
