/**
 * The session token (spec §4, §9): persisted in localStorage under `wenku:token` and
 * mirrored to the `token` cookie. Safe to import in Node (Astro build): the persistent
 * store falls back to memory and the cookie is only written when `document` exists.
 */
import { persistentAtom } from '@nanostores/persistent';

export const TOKEN_KEY = 'wenku:token';
export const TOKEN_COOKIE = 'token';
/** Cookie lifetime: 30 days. */
export const TOKEN_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

// An empty token removes the key instead of storing ''.
export const $token = persistentAtom<string>(TOKEN_KEY, '', {
  encode: (v: string) => v || undefined,
  decode: (v: string) => v,
});

/** The Set-Cookie style string written for `token` ('' clears it). */
export function tokenCookie(token: string, secure = false): string {
  const value = token ? encodeURIComponent(token) : '';
  const maxAge = token ? TOKEN_COOKIE_MAX_AGE : 0;
  return `${TOKEN_COOKIE}=${value}; path=/; max-age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function writeCookie(token: string): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  document.cookie = tokenCookie(token, secure);
}

// Every change — including one arriving from another tab — keeps the cookie in step.
$token.listen(writeCookie);
// A token kept in localStorage re-creates a cookie that expired or was cleared by the browser.
if ($token.get()) writeCookie($token.get());

export function setToken(token: string): void {
  $token.set(token);
  // listen() skips unchanged values; write anyway so a lost cookie comes back.
  writeCookie(token);
}

export function clearToken(): void {
  $token.set('');
  writeCookie('');
}
