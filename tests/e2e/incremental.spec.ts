import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// A server of its own on a generated library (npm run bench:data), serving a copy of the built
// site: an admin edits a document's title and the pages that show it follow, rendered one by one.
let BASE = '';

const node = './node_modules/.bin/node';
const ADMIN_PASSWORD = 'bench-admin-1';

let work = '';
let server: ChildProcess | null = null;
const log: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  work = mkdtempSync(join(tmpdir(), 'wenku-e2e-incremental-'));
  const env = { ...process.env, DATA_DIR: join(work, 'data'), DATABASE_URL: `sqlite:${join(work, 'wenku.db')}` };
  const run = (args: string[]) => {
    const r = spawnSync(node, args, { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  };
  run(['scripts/bench-data.ts', '--docs', '60', '--database', env.DATABASE_URL]);
  run(['src/cli/wenku.ts', 'config', 'set', 'security.enable_captcha_login', 'false']);
  // the served site: a copy of dist/, which the renderer then changes in place
  const build = join(work, 'data/site/builds/build-1');
  mkdirSync(join(work, 'data/site/builds'), { recursive: true });
  cpSync('dist', build, { recursive: true });
  symlinkSync(build, join(work, 'data/site/current'));
  server = spawn(node, ['src/server/main.ts'], {
    env: { ...env, PORT: '0', HOST: '127.0.0.1', WENKU_LOG: 'info', WENKU_CONVERTER: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => log.push(...d.toString().split('\n').filter(Boolean)));
  server.stderr!.on('data', (d: Buffer) => log.push(...d.toString().split('\n').filter(Boolean)));
  // PORT=0: the system picks a free port, which the server announces (and its site builder reads from)
  const announced = /Wenku 已启动：(http:\/\/127\.0\.0\.1:\d+)/;
  await expect.poll(() => log.some((l) => announced.test(l)), { timeout: 60_000 }).toBe(true);
  BASE = log.map((l) => l.match(announced)?.[1]).find(Boolean)!;
  // the renderer loads the compiled pages once at start; changes are rendered from then on
  await expect.poll(() => log.some((l) => l.includes('站点渲染器已就绪')), { timeout: 240_000, intervals: [500] }).toBe(true);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

test('an admin renames a document: its page, its category list and the sitemap follow within 10 s, without a full build', async ({
  page,
  request,
}) => {
  const list = await (await request.get(`${BASE}/api/v1/document/list?page=1&size=1`)).json();
  const doc = list.document[0] as { id: number; uuid: string; category_id: number[] };
  const category = doc.category_id.at(-1)!;
  const title = `增量渲染的新标题${Date.now().toString(36)}`;

  await page.goto(`${BASE}/auth/login?redirect=${encodeURIComponent('/admin/document/list')}`);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin/document/list'));
  const before = log.length;
  await page.getByTestId(`admin-doc-edit-${doc.id}`).click();
  await page.getByTestId('admin-doc-title').fill(title);
  await page.getByTestId('drawer-submit').click();
  await expect(page.locator('.ant-message')).toContainText('成功');
  const savedAt = new Date().toISOString().slice(0, 10);

  const pageUrl = `/library/${category}/${doc.uuid}`;
  const html = async (path: string) => (await request.get(`${BASE}${path}`)).text();
  // each pre-rendered page is live within 10 s
  await expect.poll(() => html(pageUrl), { timeout: 10_000 }).toContain(`<title>${title} - `);
  await expect.poll(() => html(`/library/${category}`), { timeout: 10_000 }).toContain(title);
  await expect
    .poll(async () => (await html('/sitemap/documents-0.xml')).includes(`${doc.uuid}</loc><lastmod>${savedAt}`), {
      timeout: 10_000,
    })
    .toBe(true);
  // the index is written after its parts in the same batch (a part it names is never missing): it follows a moment later
  await expect.poll(() => html('/sitemap.xml'), { timeout: 10_000 }).toContain('/sitemap/documents-0.xml');

  // a visitor's browser shows the pre-rendered page (not the fallback shell)
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${BASE}${pageUrl}`);
  await expect(visitor).toHaveTitle(new RegExp(`^${title} - `));
  await visitor.close();

  // the log names the pages rendered, and no full build ran
  const since = log.slice(before);
  const line = since.find((l) => l.includes('站点增量更新（未整站构建）') && l.includes(pageUrl));
  expect(line, since.join('\n')).toBeTruthy();
  expect(line).toMatch(new RegExp(`/library/${category}[，；]`));
  expect(line).toContain('/sitemap/documents-0.xml');
  expect(since.filter((l) => l.includes('站点开始构建'))).toEqual([]);
});
