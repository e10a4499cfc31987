/**
 * Normalised results (spec §8): success only for HTTP 200; every failure — HTTP error,
 * network error, timeout — becomes `{status, data: {code, message}}`. Nothing throws.
 */
import { loginRedirect } from '../lib/guards.ts';
import { currentPath, isLeaving, navigateTo } from '../lib/navigate.ts';

export interface ApiOk<T> {
  status: 200;
  data: T;
}
export interface ApiFail {
  status: number;
  data: { code: number; message: string };
}
export type ApiResult<T> = ApiOk<T> | ApiFail;

export const isOk = <T>(r: ApiResult<T>): r is ApiOk<T> => r.status === 200;

export type UnauthorizedHandler = () => void;

/** Default 401 reaction (spec §4): to the login page with the current path, unless already on /auth/. */
export function redirectToLogin(): void {
  if (typeof location === 'undefined') return;
  // already leaving (e.g. logging out): a late 401 must not send the visitor to the login page
  if (location.pathname.startsWith('/auth/') || isLeaving()) return;
  navigateTo(loginRedirect(currentPath()));
}

let onUnauthorized: UnauthorizedHandler = redirectToLogin;

/** Replaces the reaction to a 401 answer (tests, embedding); `null` restores the login redirect. */
export function setUnauthorizedHandler(fn: UnauthorizedHandler | null): void {
  onUnauthorized = fn ?? redirectToLogin;
}

// Failure bodies whose message came from the server (kept out of the result shape itself).
const fromServer = new WeakSet<object>();

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** The server's own message in an error body: JSON `message`/`error`/`msg`, or a short plain-text body. */
function serverMessage(body: unknown): string {
  if (typeof body === 'string') {
    const t = body.trim();
    // A proxy's HTML error page is no message for a user.
    return t && t.length <= 200 && !t.startsWith('<') ? t : '';
  }
  if (!body || typeof body !== 'object') return '';
  const o = body as Record<string, unknown>;
  return text(o.message) || text(o.error) || text(o.msg);
}

/** Builds the failure result; `status` 0 means no HTTP answer (network error, timeout). */
export function failure(status: number, statusText: string, body?: unknown): ApiFail {
  const server = serverMessage(body);
  const code = body && typeof body === 'object' ? (body as Record<string, unknown>).code : undefined;
  const data = {
    code: typeof code === 'number' && code ? code : 500,
    message: server || (status ? `${status} ${statusText}`.trim() : '') || 'Unknown Error',
  };
  if (server) fromServer.add(data);
  if (status === 401) onUnauthorized();
  return { status: status || 500, data };
}

/** Turns an HTTP answer into a result; an empty 200 body becomes `{}`. */
export function settle<T>(status: number, statusText: string, body: unknown): ApiResult<T> {
  if (status === 200) {
    const data = body === undefined || body === null || body === '' ? {} : body;
    return { status: 200, data: data as T };
  }
  return failure(status, statusText, body);
}

/**
 * Message for a failed call: the server's own message when it sent one, else `fallback`
 * (the spec's 登录失败, 修改失败…). Without a fallback, the normalised message.
 */
export function messageOf(r: ApiResult<unknown>, fallback?: string): string {
  if (isOk(r)) return '';
  if (fromServer.has(r.data) || !fallback) return r.data.message;
  return fallback;
}

/** Maps the data of a successful result, passing failures through. */
export function mapOk<T, U>(r: ApiResult<T>, fn: (data: T) => U): ApiResult<U> {
  return isOk(r) ? { status: 200, data: fn(r.data) } : r;
}

/** A list answer (`{ total, <key>: rows }`) as the `{ total, rows }` page that list screens show. */
export function pageOf<K extends string, T>(
  r: ApiResult<{ total: number } & { [P in K]: T[] }>,
  key: K,
): ApiResult<{ total: number; rows: T[] }> {
  return mapOk(r, (d) => ({ total: d.total, rows: d[key] }));
}
