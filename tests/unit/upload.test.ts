import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isOk, setApiBase, upload } from '../../src/api/http.ts';
import { clearToken, setToken } from '../../src/stores/token.ts';
import { send, startApi } from './support/api-server.ts';
import type { TestApi } from './support/api-server.ts';

let api: TestApi;

beforeAll(async () => {
  api = await startApi((req, res) => {
    if (req.path === '/fail-json') return send(res, 400, { error: '参数错误', code: 3, message: '参数错误' });
    return send(res, 200, {
      code: 200,
      message: 'ok',
      data: { type: req.headers['content-type'], body: req.body, auth: req.headers.authorization },
    });
  });
  setApiBase(api.base);
});

afterAll(() => api.close());

afterEach(() => {
  clearToken();
  setApiBase(api.base);
  vi.unstubAllGlobals();
});

describe('upload', () => {
  it('posts multipart with the file field and extra fields (fetch where there is no XHR)', async () => {
    setToken('tok');
    const progress = vi.fn();
    const file = new File(['hello 文库'], 'a.txt', { type: 'text/plain' });
    const r = await upload<{ data: { type: string; body: string; auth: string } }>('/upload', file, { kind: 'x' }, progress);
    expect(isOk(r)).toBe(true);
    if (!isOk(r)) return;
    expect(r.data.data.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(r.data.data.body).toContain('name="file"; filename="a.txt"');
    expect(r.data.data.body).toContain('hello 文库');
    expect(r.data.data.body).toContain('name="kind"');
    expect(r.data.data.auth).toBe('Bearer tok');
    expect(progress).toHaveBeenLastCalledWith(100);
  });

  it('normalises upload failures', async () => {
    const r = await upload('/fail-json', new Blob(['x']));
    expect(r).toEqual({ status: 400, data: { code: 3, message: '参数错误' } });
    setApiBase('http://127.0.0.1:1/api/v1');
    expect(await upload('/upload', new Blob(['x']))).toEqual({ status: 500, data: { code: 500, message: 'Unknown Error' } });
  });

  it('reports progress through XMLHttpRequest in the browser', async () => {
    const headers: Record<string, string> = {};
    class FakeXhr {
      status = 0;
      statusText = '';
      responseText = '';
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
        onprogress: null,
      };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      open(): void {}
      setRequestHeader(k: string, v: string): void {
        headers[k] = v;
      }
      send(): void {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 200, total: 200 });
        this.status = 403;
        this.statusText = 'Forbidden';
        this.responseText = '{"code":403,"message":"您没有权限"}';
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    setToken('x1');
    const progress = vi.fn();
    const r = await upload('/upload', new Blob(['x']), {}, progress);
    expect(progress.mock.calls.map((c) => c[0])).toEqual([25, 100]);
    expect(headers.Authorization).toBe('Bearer x1');
    expect(r).toEqual({ status: 403, data: { code: 403, message: '您没有权限' } });
  });
});
