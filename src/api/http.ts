/**
 * The one HTTP client for /api/v1 (spec §7, ARCHITECTURE "Client rules"): fetch, JSON,
 * 30 s timeout, arrays as repeated query keys, bearer token, normalised results (result.ts).
 * Plain fetch, no client library: every public page loads this, within a 40 KB budget.
 */
import { failure, settle } from './result.ts';
import type { ApiResult } from './result.ts';
import { apiUrl, authHeaders, getApiTimeout, parseBody } from './base.ts';

export {
  DEFAULT_API_BASE,
  HTTP_TIMEOUT,
  apiUrl,
  authHeaders,
  getApiBase,
  getApiTimeout,
  parseBody,
  serializeQuery,
  setApiBase,
  setApiHeaders,
  setApiTimeout,
} from './base.ts';

export type { ApiFail, ApiOk, ApiResult, UnauthorizedHandler } from './result.ts';
export { isOk, mapOk, messageOf, pageOf, redirectToLogin, setUnauthorizedHandler } from './result.ts';
export { upload } from './upload-transport.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  params?: object;
  body?: unknown;
}

export async function request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
  try {
    const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
    const hasBody = opts.body !== undefined && method !== 'GET';
    // Content-Type only with a body: Fastify rejects a bodyless DELETE that announces JSON.
    if (hasBody) headers['Content-Type'] = 'application/json';
    // AbortController rather than AbortSignal.timeout: older browsers the site still serves lack it
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), getApiTimeout());
    try {
      const res = await fetch(apiUrl(path, opts.params), {
        method,
        headers,
        body: hasBody ? JSON.stringify(opts.body) : undefined,
        signal: abort.signal,
      });
      return settle<T>(res.status, res.statusText, parseBody(await res.text()));
    } finally {
      clearTimeout(timer);
    }
  } catch {
    // Network failure, timeout, or a body that cannot be serialised: no HTTP status, no server message.
    return failure(0, '');
  }
}
