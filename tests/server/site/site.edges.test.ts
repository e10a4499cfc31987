import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { siteEnv } from '../support/site-copy.ts';
import { spawnNpmScript } from '../support/npm-script.ts';

// Rough edges a new operator and visitor hit first (issue 10): moredoc-style single-page links,
// defaults that depend on the installation, the operator's status command and the first start.

const run = promisify(execFile);
const freePort = (): Promise<number> =>
  new Promise((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

const onItsPort = async () => ({ PORT: String(await freePort()) });

describeEachDialect('an installation on its own port on %s', { admin: false, member: false, env: onItsPort }, () => {
  let t: TestApp;
  let port: number;
  onStart((started) => {
    ({ t } = started);
    port = t.ctx.config.port;
    const root = t.ctx.config.siteDir;
    for (const [file, body] of Object.entries({ '404.html': '<h1>出错啦！</h1>', 'article/fallback.html': 'article shell' })) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), body);
    }
  });

  it("answers the footer's moredoc links /article/<identifier> with 301 to the article's page", async () => {
    for (const id of ['about', 'agreement', 'contact', 'feedback', 'copyright']) {
      const res = await t.call({ url: `/article/${id}` });
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe(`/article/_/detail/${id}`);
      expect((await t.call({ url: String(res.headers.location) })).body).toBe('article shell');
    }
    expect((await t.call({ url: '/article/about.html' })).headers.location).toBe('/article/_/detail/about');
    // the footer defaults are this form, and every one resolves
    const footer = (await t.call({ url: '/api/v1/settings' })).body.footer as Record<string, string>;
    for (const href of Object.values(footer)) expect((await t.call({ url: href })).status).toBe(301);
  });

  it("answers the spec's detail route without its category, /article/detail/<identifier>, with 301 to the article's page", async () => {
    const res = await t.call({ url: '/article/detail/help' });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/article/_/detail/help');
    expect((await t.call({ url: '/article/detail/no-such-page' })).status).toBe(404);
  });

  it('leaves category lists and unknown identifiers to the site (404 page)', async () => {
    const unknown = await t.call({ url: '/article/no-such-page' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('出错啦！');
    expect((await t.call({ url: '/article/12' })).status).toBe(404);
  });

  it('defaults the domain to the port it runs on, the © year to the year of setup, the time zone to Asia/Shanghai', async () => {
    const { system, email } = (await t.call({ url: '/api/v1/settings' })).body;
    expect(system.domain).toBe(`http://127.0.0.1:${port}`);
    // no mail server yet: the forgot-password page says so before anyone types
    expect(email).toEqual({ disabled: true });
    expect(system.copyright_start_year).toBe(String(new Date().getFullYear()));
    expect(system.timezone).toBe('Asia/Shanghai');
  });

  it('refuses an unknown time zone with a Chinese reason', async () => {
    const token = await t.adminToken();
    const list = await t.call({ url: '/api/v1/config/list', query: { category: 'system' }, token });
    const row = (list.body.config as Array<{ id: number; name: string }>).find((c) => c.name === 'timezone')!;
    const bad = await t.call({
      method: 'PUT',
      url: '/api/v1/config',
      token,
      payload: { config: [{ id: row.id, value: 'Mars/Olympus' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('时区');
  });

  it('`wenku status` finds the server on its PORT even when run without it', async () => {
    await t.app.listen({ port, host: '127.0.0.1' });
    const env = siteEnv(t.dataDir, t.schema);
    delete env.PORT;
    const { stdout } = await run(process.execPath, ['src/cli/wenku.ts', 'status'], { env, timeout: 30_000 });
    expect(stdout).toContain(`运行中 http://127.0.0.1:${port}`);
  });
});

describe('the first start', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wenku-first-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('greets the operator in Chinese, with no English JSON warning about the missing site folder', async () => {
    // a port of the system's choosing, read from the line the server prints once it listens
    const child = spawnNpmScript('src/server/main.ts', {
      DATA_DIR: dir,
      PORT: '0',
      WENKU_SITE_REBUILD: '0',
      WENKU_CONVERTER: '0',
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    try {
      await expect.poll(() => out, { timeout: 30_000, interval: 200 }).toContain('Wenku 已启动');
      // JSON log lines (docs/operations.md), the first one the greeting in Chinese
      const first = JSON.parse(out.split('\n')[0]) as { msg: string };
      expect(first.msg).toMatch(/^管理员账号已创建/);
      expect(out).not.toContain('must exist');
      const port = /Wenku 已启动：http:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1];
      // the page a visitor gets before the first build looks like the site, not a bare error
      const res = await fetch(`http://127.0.0.1:${port}/`);
      expect(res.status).toBe(503);
      const page = await res.text();
      expect(page).toContain('站点正在构建');
      expect(page).toContain('Wenku 文库');
      expect(page).toContain('<style>');
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }, 60_000);
});
