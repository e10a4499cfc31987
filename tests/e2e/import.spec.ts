import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { buildMoredocSite, mysqlAvailable, type MoredocSite } from '../server/support/moredoc-site.ts';
import { startServer, type Server } from '../server/support/process.ts';

/**
 * A moredoc site imported into a Wenku of its own (a second server beside the shared e2e one, whose
 * content the import would refuse), then started the way an operator does: the first start builds
 * the static site from the imported data.
 */
const run = promisify(execFile);
let BASE = '';

let site: MoredocSite;
let dataDir: string;
let server: Server | undefined;

test.describe('a site moved from moredoc', () => {
  test.beforeAll(async () => {
    test.setTimeout(600_000);
    test.skip(!(await mysqlAvailable()), '没有可用的 MariaDB（127.0.0.1:3306），跳过 moredoc 导入的浏览器测试');
    site = await buildMoredocSite();
    dataDir = mkdtempSync(join(tmpdir(), 'wenku-e2e-import-'));
    const env = { ...process.env, DATA_DIR: dataDir, WENKU_LOG: 'warn' };
    await run(
      './node_modules/.bin/node',
      ['src/cli/wenku.ts', 'import', 'moredoc', '--mysql', site.url, '--files', site.files, '--timezone', 'Asia/Shanghai'],
      { env, timeout: 300_000 },
    );
    // the operator switches the login captcha off, as the shared e2e server does
    await run('./node_modules/.bin/node', ['src/cli/wenku.ts', 'config', 'set', 'security.enable_captcha_login', 'false'], {
      env,
    });
    // on a free port it announces
    server = await startServer({ DATA_DIR: dataDir, WENKU_SITE_REBUILD: '1' });
    BASE = server.url;
    // the first start builds the site from the imported content
    await expect
      .poll(async () => (await fetch(`${BASE}/library/3`).catch(() => null))?.status ?? 0, {
        timeout: 480_000,
        intervals: [3000],
      })
      .toBe(200);
  });

  test.afterAll(async () => {
    await server?.kill('SIGTERM');
    await site?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('a moredoc member logs in with the old password, finds the documents in their categories, reads pages and searches', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto(`${BASE}/auth/login`);
    await page.getByTestId('login-username').fill('alice');
    await page.getByTestId('login-password').fill(site.facts.passwords.alice);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('header-username')).toHaveText('alice');

    // the library: the nested category lists its document
    await page.goto(`${BASE}/library/3`);
    const link = page.getByRole('link', { name: '文库测试文档' }).first();
    await expect(link).toBeVisible();
    await link.click();

    // the document page shows its pages (moredoc's gzip SVG, served repaired)
    await page.waitForURL(/\/library\/3\/0123456789abcdef/);
    await expect(page.locator('img[data-page="1"]')).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(() => page.locator('img[data-page="1"]').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // a search engine's link to moredoc's address of the page leads to the same page here
    await page.goto(`${BASE}/document/0123456789abcdef`);
    await expect(page).toHaveURL(`${BASE}/library/3/0123456789abcdef`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('文库测试文档');

    // search finds a word of the docx's moredoc text
    await page.goto(`${BASE}/search?wd=${encodeURIComponent(site.facts.docxWord)}`);
    const hit = page.getByTestId('search-result').filter({ hasText: '量子实验笔记' });
    await expect(hit).toHaveCount(1);
  });
});
