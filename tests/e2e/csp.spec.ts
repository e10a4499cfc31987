import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { adminToken, apiCall, unique } from './support/api.ts';
import { createCategory, publishFixture } from './support/documents.ts';
import { onTabs } from './support/tabs.ts';

/**
 * Every page of the built site passes its own Content-Security-Policy: no violation reported,
 * inline scripts (allowed by hash) run, islands hydrate and the page shows its content — for a
 * visitor and for the logged-in admin.
 */

const SITE = 'dist';

/** Site paths of the built HTML files: `admin/user/list.html` → `/admin/user/list`. */
function builtPages(dir = SITE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === '_astro' ? [] : builtPages(p);
    if (!e.name.endsWith('.html')) return [];
    const path = `/${relative(SITE, p)
      .replace(/\.html$/, '')
      .replace(/(^|\/)index$/, '')}`;
    return [path === '/' ? '/' : path.replace(/\/$/, '')];
  });
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Collects violations of the page's policy: the DOM event and the console message of each. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(`${page.url()}: ${msg.text()}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return seen;
}

async function visit(page: Page, path: string, seen: string[], opts: { loggedIn: boolean }) {
  const res = await page.goto(path, { waitUntil: 'load' });
  expect(res, path).not.toBeNull();
  expect(res!.status(), path).toBeLessThan(500);
  // the page is under a real policy: no inline script without its hash, no framing
  const csp = res!.headers()['content-security-policy'] ?? '';
  expect(csp, path).toMatch(/script-src 'self'[^;]*;/);
  expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, path).toContain("frame-ancestors 'none'");
  // islands hydrate and fetch their data; an admin screen shows its menu or sends the visitor elsewhere
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  const adminMenu = page.locator('.ant-layout-sider .ant-menu').first();
  if (path.startsWith('/admin')) {
    await expect
      .poll(async () => !new URL(page.url()).pathname.startsWith('/admin') || adminMenu.isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  }
  // a page that sends a visitor elsewhere (a checkout without a session goes to the sign-in page) may do so
  // after its requests went quiet on a busy machine: the checks then run on the page it went to
  for (let tries = 1; ; tries++) {
    const before = page.url();
    try {
      return await checkShown(page, path, seen, opts);
    } catch (err) {
      if (tries === 5 || !String(err).includes('Execution context was destroyed')) throw err;
      // the old page's load state answers at once while the next one is still coming: wait for its address
      await page.waitForURL((u) => u.href !== before, { waitUntil: 'load', timeout: 15_000 }).catch(() => undefined);
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    }
  }
}

/** The page as it stands: no violation reported, its inline script ran, its content (or the admin menu) shows. */
async function checkShown(page: Page, path: string, seen: string[], opts: { loggedIn: boolean }) {
  const adminMenu = page.locator('.ant-layout-sider .ant-menu').first();
  const where = new URL(page.url()).pathname;
  const violations = await page.evaluate(() => window.__cspViolations ?? []);
  expect(violations, `${path} → ${where}`).toEqual([]);
  expect(seen, `${path} → ${where}`).toEqual([]);
  const inAdmin = where.startsWith('/admin');
  // the head's inline script of the site's pages (allowed by its hash) ran; the admin shell has its menu
  if (opts.loggedIn && !inAdmin)
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-auth')), path).toBe(true);
  if (inAdmin) await expect(adminMenu, path).toBeVisible();
  const main = inAdmin ? page.locator('.ant-layout').first() : page.locator('main').first();
  await expect(main, `${path} → ${where}`).toBeVisible();
  // an island renders after its data arrives, which on a busy machine can be after the network went idle
  await expect
    .poll(async () => (await main.innerText()).trim().length, { message: `${path} → ${where} shows nothing`, timeout: 15_000 })
    .toBeGreaterThan(0);
}

test('every page of the site runs under its CSP, for visitors and for the admin', async ({ page, request }) => {
  test.setTimeout(900_000);
  const admin = await adminToken(request);
  const docCat = await createCategory(request, admin, unique('策略'));
  const doc = await publishFixture(request, admin, 'tests/fixtures/chinese-8pages.pdf', unique('安全策略文档'), docCat);
  const artCat = await createCategory(request, admin, unique('策略文章'), 1);
  const identifier = unique('csp-').toLowerCase();
  await apiCall(request, admin, 'POST', '/article', {
    title: unique('安全策略文章'),
    identifier,
    category_id: [artCat],
    content: '<p>正文<strong>加粗</strong></p><p style="text-align:center">居中</p>',
  });

  const all = builtPages().filter((p) => !p.endsWith('/fallback'));
  const dynamic = [
    `/library/${docCat}/${doc.uuid}`,
    `/article/${artCat}/detail/${identifier}`,
    '/search?wd=安全',
    '/user/1',
    '/no/such/page',
  ];
  const publicPages = [...all.filter((p) => !p.startsWith('/admin') && !p.startsWith('/member') && p !== '/upload'), ...dynamic];
  expect(all.length).toBeGreaterThan(20);

  await onTabs(page.context(), publicPages, watchCsp, (tab, path, seen) => visit(tab, path, seen, { loggedIn: false }));

  // the document reader shows its pages (images from /view under the page's policy)
  const seen = await watchCsp(page);
  await page.goto(dynamic[0]);
  await expect(page.getByTestId('doc-page-1')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.getByTestId('doc-page-1').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await page.evaluate(() => window.__cspViolations ?? [])).toEqual([]);
  expect(seen).toEqual([]);

  await page.goto('/auth/login?redirect=/admin');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname.startsWith('/admin'));
  const adminPages = [
    ...all.filter((p) => p.startsWith('/admin') || p.startsWith('/member') || p === '/upload'),
    ...dynamic.slice(0, 2),
    '/',
  ];
  await onTabs(page.context(), adminPages, watchCsp, (tab, path, seen) => visit(tab, path, seen, { loggedIn: true }));
});
