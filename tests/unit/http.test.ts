import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  HTTP_TIMEOUT,
  getApiTimeout,
  isOk,
  messageOf,
  request,
  setApiBase,
  setApiTimeout,
  setUnauthorizedHandler,
} from '../../src/api/http.ts';
import { setNavigateHandler } from '../../src/lib/navigate.ts';
import { clearToken, setToken } from '../../src/stores/token.ts';
import { send, startApi } from './support/api-server.ts';
import type { TestApi } from './support/api-server.ts';

/** The transport by method, as the generated calls use it (src/api/call.ts). */
const http = {
  get: <T>(path: string, params?: object) => request<T>('GET', path, { params }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  del: <T>(path: string, params?: object) => request<T>('DELETE', path, { params }),
};

let api: TestApi;

beforeAll(async () => {
  api = await startApi(async (req, res) => {
    switch (req.path) {
      case '/echo':
        return send(res, 200, {
          method: req.method,
          url: req.url,
          auth: req.headers.authorization ?? null,
          type: req.headers['content-type'] ?? null,
          body: req.body,
        });
      case '/empty':
        return send(res, 200);
      case '/fail-json':
        return send(res, 400, { error: '参数错误', code: 3, message: '参数错误' });
      case '/fail-text':
        return send(res, 404, 'Not Found', 'text/plain');
      case '/fail-empty':
        return send(res, 502);
      case '/fail-html':
        return send(res, 500, '<html><body>oops</body></html>', 'text/html');
      case '/unauth':
        return send(res, 401, { code: 16, message: '您未登录或您的登录已过期，请重新登录或刷新页面重试' });
      case '/slow':
        // answers only once the client has given up (its timeout closed the connection)
        return new Promise<void>((gaveUp) => res.once('close', gaveUp));
      default:
        return send(res, 404, 'Not Found', 'text/plain');
    }
  });
  setApiBase(api.base);
});

afterAll(() => api.close());

afterEach(() => {
  clearToken();
  setUnauthorizedHandler(null);
  setNavigateHandler(null);
  setApiTimeout(null);
  setApiBase(api.base);
  vi.unstubAllGlobals();
});

describe('request', () => {
  it('serialises arrays as repeated keys and skips nulls', async () => {
    const r = await http.get<{ url: string }>('/echo', { id: [1, 2], wd: '文档', empty: null, type: [0, 1] });
    expect(isOk(r)).toBe(true);
    if (!isOk(r)) return;
    expect(r.data.url).toBe(`/api/v1/echo?id=1&id=2&wd=${encodeURIComponent('文档')}&type=0&type=1`);
  });

  it('sends the bearer token only when one is set', async () => {
    const anon = await http.get<{ auth: string | null }>('/echo');
    expect(isOk(anon) && anon.data.auth).toBe(null);
    setToken('abc.def');
    const signed = await http.get<{ auth: string | null }>('/echo');
    expect(isOk(signed) && signed.data.auth).toBe('Bearer abc.def');
  });

  it('sends JSON bodies with a JSON content type, and no content type without a body', async () => {
    const post = await http.post<{ type: string; body: string; method: string }>('/echo', { a: [1, 2] });
    expect(isOk(post) && post.data).toMatchObject({ method: 'POST', type: 'application/json', body: '{"a":[1,2]}' });
    const del = await http.del<{ type: string | null; url: string }>('/echo', { id: [3, 4] });
    expect(isOk(del) && del.data).toMatchObject({ type: null, url: '/api/v1/echo?id=3&id=4' });
    const put = await request<{ method: string }>('PUT', '/echo', { body: {} });
    expect(isOk(put) && put.data.method).toBe('PUT');
  });

  it('turns an empty 200 body into {}', async () => {
    expect(await http.get('/empty')).toEqual({ status: 200, data: {} });
  });
});

describe('failures never throw and are normalised', () => {
  it('keeps the server status, code and message', async () => {
    const r = await http.get('/fail-json');
    expect(r).toEqual({ status: 400, data: { code: 3, message: '参数错误' } });
    expect(messageOf(r, '登录失败')).toBe('参数错误');
  });

  it('uses a short plain-text body as the message and defaults the code to 500', async () => {
    expect(await http.get('/fail-text')).toEqual({ status: 404, data: { code: 500, message: 'Not Found' } });
  });

  it('falls back to "<status> <statusText>" without a server message', async () => {
    const r = await http.get('/fail-empty');
    expect(r).toEqual({ status: 502, data: { code: 500, message: '502 Bad Gateway' } });
    // Not the server's words, so a caller's Chinese fallback wins.
    expect(messageOf(r, '登录失败')).toBe('登录失败');
    expect(messageOf(r)).toBe('502 Bad Gateway');
    expect(await http.get('/fail-html')).toEqual({ status: 500, data: { code: 500, message: '500 Internal Server Error' } });
  });

  it('reports a network error as 500 Unknown Error, once (no retries)', async () => {
    setApiBase('http://127.0.0.1:1/api/v1');
    expect(await http.get('/echo')).toEqual({ status: 500, data: { code: 500, message: 'Unknown Error' } });
  });

  it('does not retry failed GETs', async () => {
    const before = api.seen.filter((s) => s.path === '/fail-html').length;
    await http.get('/fail-html');
    expect(api.seen.filter((s) => s.path === '/fail-html').length).toBe(before + 1);
  });

  it('uses a 30000 ms timeout and normalises a timeout', async () => {
    expect(HTTP_TIMEOUT).toBe(30000);
    expect(getApiTimeout()).toBe(30000);
    setApiTimeout(100);
    expect(await http.get('/slow')).toEqual({ status: 500, data: { code: 500, message: 'Unknown Error' } });
    setApiTimeout(null);
    expect(getApiTimeout()).toBe(30000);
  });
});

describe('401', () => {
  it('calls the unauthorized hook on 401 only', async () => {
    const hook = vi.fn();
    setUnauthorizedHandler(hook);
    await http.get('/fail-json');
    expect(hook).not.toHaveBeenCalled();
    const r = await http.get('/unauth');
    expect(r.status).toBe(401);
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it('redirects to the login page with the current path by default', async () => {
    const go = vi.fn();
    setNavigateHandler(go);
    vi.stubGlobal('location', { pathname: '/member/profile', search: '?tab=edit' });
    await http.get('/unauth');
    expect(go).toHaveBeenCalledWith('/auth/login?redirect=%2Fmember%2Fprofile%3Ftab%3Dedit');
  });

  it('does not redirect when already on an /auth/ page or outside a browser', async () => {
    const go = vi.fn();
    setNavigateHandler(go);
    await http.get('/unauth');
    vi.stubGlobal('location', { pathname: '/auth/login', search: '' });
    await http.get('/unauth');
    expect(go).not.toHaveBeenCalled();
  });
});
