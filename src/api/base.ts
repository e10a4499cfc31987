/** Where and how /api/v1 is reached: base URL, timeout, query encoding, auth header. */
import { $token } from '../stores/token.ts';

/** Spec §9: 30000 ms. */
export const HTTP_TIMEOUT = 30000;
export const DEFAULT_API_BASE = '/api/v1';

let apiBase = DEFAULT_API_BASE;
let timeout = HTTP_TIMEOUT;
/** Headers every call carries besides the session's: a site build's pass (src/build/site-data.ts). */
let extraHeaders: Record<string, string> = {};

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

const enc = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function pairs(key: string, value: unknown, out: string[]): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) for (const v of value) pairs(key, v, out);
  else if (value instanceof Date) out.push(`${enc(key)}=${enc(value.toISOString())}`);
  else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) pairs(`${key}[${k}]`, v, out);
  else out.push(`${enc(key)}=${enc(String(value as string | number | boolean))}`);
}

/**
 * Query string as moredoc's gateway wants it: repeated keys (`id=1&id=2`), nulls dropped, nested
 * objects in brackets (`a[b]=1`). Written out rather than taken from a library: every public page
 * loads it, and the page weight budget (.size-limit.json) has no room for one.
 */
export function serializeQuery(params?: object): string {
  const out: string[] = [];
  for (const [k, v] of Object.entries(params ?? {})) pairs(k, v, out);
  return out.join('&');
}

/** Absolute API URL for `path` (a call path of the endpoint table) with its query. */
export function apiUrl(path: string, params?: object): string {
  const query = serializeQuery(params);
  const url = `${apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

export function setApiHeaders(headers: Record<string, string>): void {
  extraHeaders = headers;
}

/** `Authorization: Bearer <token>` when signed in, with the headers set by setApiHeaders. */
export function authHeaders(): Record<string, string> {
  const token = $token.get();
  return token ? { ...extraHeaders, Authorization: `Bearer ${token}` } : extraHeaders;
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
