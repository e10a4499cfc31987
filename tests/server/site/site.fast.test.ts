import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from 'vitest';
import { precompressSite } from '../../../src/server/site/precompress.ts';
import type { TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

const text = (label: string, kb: number) =>
  `${label} ${'文库页面 lorem ipsum dolor sit amet '.repeat(Math.ceil((kb * 1024) / 40))}`;

const SITE: Record<string, string> = {
  'index.html': `<!doctype html><title>首页</title><script>window.x=1</script>${text('home', 8)}`,
  '404.html': `<h1>出错啦！</h1>${text('missing', 2)}`,
  'library/1.html': `<!doctype html><title>文档</title>${text('doc', 6)}`,
  '_astro/app.abc123.js': `console.log(${JSON.stringify(text('app', 20))});`,
  '_astro/app.abc123.css': `body{color:#333}/* ${text('style', 4)} */`,
  // a route of the app owns this path: the built file must never answer it
  'favicon.ico': 'not the favicon route',
  'healthz.html': 'not the health route',
};

/** Headers that differ between two answers for reasons other than the file (time, connection); the request id's shape. */
const comparable = (headers: Record<string, unknown>) => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)) out[k] = String(v);
  if (out['x-request-id']) out['x-request-id'] = /^[\w.:-]{8,64}$/.test(out['x-request-id']) ? '(an id)' : out['x-request-id'];
  return out;
};

describeEachDialect('the fast path of built-site files (a real server, before Fastify) on %s', () => {
  let t: TestApp;
  let base: string;

  onStart(async (started) => {
    ({ t } = started);
    const root = t.ctx.config.siteDir;
    for (const [file, body] of Object.entries(SITE)) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), body);
    }
    await precompressSite(root);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  // node:http, not fetch: the bytes as sent, still compressed
  const over = (url: string, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
      request(base + url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', fail)
        .end();
    });

  it('answers as Fastify does: status, every header and the body, for each encoding, HEAD and 304', async () => {
    for (const url of [
      '/',
      '/library/1',
      '/library/1?from=list',
      '/_astro/app.abc123.js',
      '/_astro/app.abc123.css',
      '/404.html',
    ]) {
      for (const accept of ['gzip, deflate, br', 'gzip', '']) {
        const headers: Record<string, string> = accept ? { 'accept-encoding': accept } : {};
        // the first request of a path goes through Fastify, the next ones through the fast path
        await over(url, headers);
        const first = await t.app.inject({ url, headers });
        for (const method of ['GET', 'HEAD'] as const) {
          const fast = await over(url, headers, method);
          const slow = await t.app.inject({ url, headers, method });
          expect(fast.status, `${method} ${url} ${accept}`).toBe(slow.statusCode);
          expect(comparable(fast.headers), `${method} ${url} ${accept}`).toEqual(comparable(slow.headers));
          if (method === 'GET') expect(fast.body.equals(slow.rawPayload)).toBe(true);
          else expect(fast.body.length).toBe(0);
        }
        const etag = String(first.headers.etag);
        const fast304 = await over(url, { ...headers, 'if-none-match': etag });
        const slow304 = await t.app.inject({ url, headers: { ...headers, 'if-none-match': etag } });
        expect(fast304.status).toBe(304);
        expect(comparable(fast304.headers), `304 ${url} ${accept}`).toEqual(comparable(slow304.headers));
      }
    }
  });

  it('sends pages with their own CSP and the security headers of every answer', async () => {
    await over('/', { 'accept-encoding': 'br' });
    const page = await over('/', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const script = await over('/_astro/app.abc123.js', { 'accept-encoding': 'gzip' });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers.vary).toBe('accept-encoding');
  });

  it('sends what a page loads without the headers only documents obey', async () => {
    for (let i = 0; i < 2; i++) {
      // the first through Fastify, the second through the fast path
      const script = await over('/_astro/app.abc123.js', { 'accept-encoding': 'gzip' });
      const style = await over('/_astro/app.abc123.css', { 'accept-encoding': 'gzip' });
      for (const asset of [script, style]) {
        expect(asset.headers['x-content-type-options']).toBe('nosniff');
        expect(asset.headers['cross-origin-resource-policy']).toBe('same-site');
        expect(asset.headers['x-frame-options']).toBeUndefined();
        expect(asset.headers['referrer-policy']).toBeUndefined();
      }
      // a script keeps the policy it would run under as a worker; a style sheet needs none
      expect(script.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(style.headers['content-security-policy']).toBeUndefined();
    }
  });

  it("never answers a path one of the app's routes owns, however often it is asked", async () => {
    for (let i = 0; i < 3; i++) {
      const icon = await over('/favicon.ico', {});
      expect(icon.body.toString()).not.toContain('not the favicon route');
      const health = await over('/healthz', {});
      expect(health.body.toString()).not.toContain('not the health route');
    }
  });
});
