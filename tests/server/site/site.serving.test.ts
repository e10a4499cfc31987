import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, vi } from 'vitest';
import { precompressSite } from '../../../src/server/site/precompress.ts';
import type { TestApp } from '../support/app.ts';
import { insertDoc } from '../support/comment-fixtures.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

/** Text that compresses well and is well above the size worth compressing. */
const text = (label: string, kb: number) =>
  `${label} ${'文库页面内容 lorem ipsum dolor sit amet '.repeat(Math.ceil((kb * 1024) / 50))}`;

const SITE: Record<string, string> = {
  'index.html': `<!doctype html><title>首页</title>${text('home', 8)}`,
  '404.html': `<h1>出错啦！</h1>${text('missing', 2)}`,
  'library/fallback.html': `<p>document shell</p>${text('shell', 4)}`,
  '_astro/app.abc123.js': `console.log(${JSON.stringify(text('app', 20))});`,
  // over the in-memory limit: served from disk by @fastify/static, still precompressed
  '_astro/big.def456.js': `console.log(${JSON.stringify(text('big', 1200))});`,
  'tiny.txt': 'small',
};

const decode = (body: Buffer, encoding: unknown): string =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();

describeEachDialect('serving the built site compressed on %s', { admin: false, member: false }, () => {
  let t: TestApp;
  let root: string;
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  onStart(async (started) => {
    ({ t } = started);
    root = t.ctx.config.siteDir;
    for (const [file, body] of Object.entries(SITE)) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), body);
    }
    await precompressSite(root);
  });

  it('writes brotli and gzip copies of text files worth compressing, and leaves small files alone', () => {
    for (const file of ['index.html', '_astro/app.abc123.js', '_astro/big.def456.js']) {
      expect(brotliDecompressSync(readFileSync(join(root, `${file}.br`))).toString()).toBe(SITE[file]);
      expect(gunzipSync(readFileSync(join(root, `${file}.gz`))).toString()).toBe(SITE[file]);
    }
    expect(existsSync(join(root, 'tiny.txt.br'))).toBe(false);
  });

  it('sends the best encoding the client accepts, with Vary, and the file itself to others', async () => {
    for (const url of ['/', '/_astro/app.abc123.js', '/_astro/big.def456.js']) {
      const file = url === '/' ? 'index.html' : url.slice(1);
      for (const [accept, want] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['', undefined],
        ['identity', undefined],
      ] as const) {
        const res = await get(url, accept ? { 'accept-encoding': accept } : {});
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(want);
        expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(decode(res.rawPayload, res.headers['content-encoding'])).toBe(SITE[file]);
      }
    }
    const js = await get('/_astro/app.abc123.js', { 'accept-encoding': 'br' });
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(Number(js.headers['content-length'])).toBeLessThan(SITE['_astro/app.abc123.js'].length / 4);
  });

  it('caches hashed assets for a year and makes pages revalidate', async () => {
    for (const url of ['/_astro/app.abc123.js', '/_astro/big.def456.js']) {
      expect((await get(url, { 'accept-encoding': 'br' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/', { 'accept-encoding': 'br' })).headers['cache-control']).toBe('no-cache');
    await insertDoc(t, 1, '新文档', 2, 'fresh000000000001');
    const shell = await get('/library/_/fresh000000000001', { 'accept-encoding': 'gzip' });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-encoding']).toBe('gzip');
    expect(decode(shell.rawPayload, 'gzip')).toBe(SITE['library/fallback.html']);
    const missing = await get('/no/such/page', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(decode(missing.rawPayload, missing.headers['content-encoding'])).toContain('出错啦！');
  });

  it('answers 304 to a client holding the same version of the same encoding', async () => {
    for (const url of ['/', '/_astro/app.abc123.js', '/_astro/big.def456.js']) {
      const br = await get(url, { 'accept-encoding': 'br' });
      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(br.headers.etag).toBeTruthy();
      expect(br.headers.etag).not.toBe(gz.headers.etag);
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(br.headers.etag);
      // the gzip copy's tag does not match the brotli copy
      expect((await get(url, { 'accept-encoding': 'br', 'if-none-match': String(gz.headers.etag) })).statusCode).toBe(200);
      const since = await get(url, { 'accept-encoding': 'br', 'if-modified-since': String(br.headers['last-modified']) });
      expect(since.statusCode).toBe(304);
    }
  });

  it('answers HEAD with the headers only', async () => {
    const res = await get('/_astro/app.abc123.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBe(0);
  });

  it('shows a file rewritten in place, never its outdated compressed copies', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const before = await get('/', { 'accept-encoding': 'br' });
      expect(before.headers['content-encoding']).toBe('br');
      const page = `<!doctype html><title>新首页</title>${text('rebuilt', 8)}`;
      writeFileSync(join(root, 'index.html'), page);
      vi.setSystemTime(Date.now() + 2000);
      const after = await get('/', { 'accept-encoding': 'br' });
      expect(after.headers['content-encoding']).toBeUndefined();
      expect(after.rawPayload.toString()).toBe(page);
      await precompressSite(root);
      vi.setSystemTime(Date.now() + 2000);
      const compressed = await get('/', { 'accept-encoding': 'br' });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(decode(compressed.rawPayload, 'br')).toBe(page);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a page an incremental render rewrote at once, once the renderer names it', async () => {
    // the clock stands still: only forget() can make the kept page give way
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const file = join(root, 'library/fallback.html');
      const old = readFileSync(file, 'utf8');
      expect((await get('/library/fallback')).body).toBe(old);
      const page = `<p>document shell, rendered again</p>${text('shell', 4)}`;
      writeFileSync(file, page);
      expect((await get('/library/fallback')).body).toBe(old);
      t.app.siteFiles.forget(['/library/fallback']);
      expect((await get('/library/fallback')).body).toBe(page);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes away the copies of a file rewritten as something not worth compressing', async () => {
    const file = join(root, 'notes.txt');
    writeFileSync(file, text('notes', 8));
    await precompressSite(root);
    expect(existsSync(`${file}.gz`)).toBe(true);
    // what nginx's gzip_static would otherwise go on serving (docs/deploy-proxy.md)
    writeFileSync(file, randomBytes(4096));
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    await precompressSite(root);
    expect([existsSync(`${file}.br`), existsSync(`${file}.gz`)]).toEqual([false, false]);
  });

  it('refuses paths outside the site and dotfiles', async () => {
    writeFileSync(join(root, '.secret.html'), text('secret', 1));
    for (const url of ['/..%2f..%2fetc/passwd', '/.secret.html', '/.secret']) {
      const res = await get(url);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain('secret');
      expect(res.body).not.toContain('root:');
    }
  });
});

describe('compressing a new build beside the previous one', () => {
  it('copies the compressed hashed assets that did not change and compresses the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wenku-precompress-'));
    try {
      const [a, b] = [join(dir, 'a'), join(dir, 'b')];
      for (const build of [a, b]) mkdirSync(join(build, '_astro'), { recursive: true });
      const same = `console.log(${JSON.stringify(text('same', 10))});`;
      writeFileSync(join(a, '_astro/same.js'), same);
      writeFileSync(join(b, '_astro/same.js'), same);
      writeFileSync(join(b, '_astro/new.js'), `console.log(${JSON.stringify(text('new', 10))});`);
      writeFileSync(join(b, 'index.html'), text('page', 4));
      await precompressSite(a);
      const r = await precompressSite(b, { previous: a });
      expect(r.reused).toBe(1);
      expect(r.files).toBe(2);
      expect(readFileSync(join(b, '_astro/same.js.br'))).toEqual(readFileSync(join(a, '_astro/same.js.br')));
      expect(existsSync(join(b, 'index.html.br'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
