/** Where and how /api/v1 is reached: base URL, timeout, query encoding, auth header. */
import qs from 'qs';
import { $token } from '../stores/token.ts';

/** Spec §9: 30000 ms. */
export const HTTP_TIMEOUT = 30000;
export const DEFAULT_API_BASE = '/api/v1';

let apiBase = DEFAULT_API_BASE;
let timeout = HTTP_TIMEOUT;

/** Where /api/v1 lives: '/api/v1' in the browser, `WENKU_API` at build time. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/+$/, '');
}

export function getApiBase(): string {
  return apiBase;
}

export function getApiTimeout(): number {
  return timeout;
}

/** Overrides the timeout (tests); `null` restores the spec's 30000 ms. */
export function setApiTimeout(ms: number | null): void {
  timeout = ms ?? HTTP_TIMEOUT;
}

/** Query string as moredoc's gateway wants it: repeated keys (`id=1&id=2`), nulls dropped. */
export function serializeQuery(params?: object): string {
  return params ? qs.stringify(params, { arrayFormat: 'repeat', skipNulls: true }) : '';
}

/** Absolute API URL for `path` (`/user/list`) with its query. */
export function apiUrl(path: string, params?: object): string {
  const query = serializeQuery(params);
  const url = `${apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/** `Authorization: Bearer <token>` when signed in. */
export function authHeaders(): Record<string, string> {
  const token = $token.get();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** JSON when it parses, else the raw text (gateway 404s are plain text), undefined when empty. */
export function parseBody(raw: string): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
