import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { adminToken, apiCall, registerMember, unique } from './support/api.ts';
import { createCategory, publishFixture } from './support/documents.ts';

/**
 * Issue 29 item 20: what the review could not reach — 分享 (copy, QR) and 举报 on desktop and phone,
 * the article editor, banner and navigation editing, restoring from the recycle bin, and the back
 * office on a phone.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'recheck-pass-1';
let docUrl = '';
let docId = 0;

async function login(page: Page, username: string, password: string, redirect: string) {
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await page.goto(`/auth/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === redirect.split('?')[0]);
}

/** The page is no wider than the window (nothing makes it scroll sideways). */
const noSideScroll = async (page: Page) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test.beforeAll(async ({ request }) => {
  const admin = await adminToken(request);
  const categoryId = await createCategory(request, admin, unique('复查'));
  const doc = await publishFixture(request, admin, 'tests/fixtures/chinese-8pages.pdf', unique('复查文档'), categoryId);
  docId = doc.id;
  docUrl = `/library/fallback?uuid=${doc.uuid}`;
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`分享 copies the link and draws a QR code; 举报 sends a report (${name})`, async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const member = unique('rc');
    await registerMember(request, member, PASSWORD);
    await page.setViewportSize(viewport);
    await login(page, member, PASSWORD, '/');
    await page.goto(docUrl);
    await page.waitForURL(/\/library\/\d+\//);
    await page.getByTestId('doc-share').click();
    const share = page.locator('dialog[data-share-dialog]');
    await expect(share).toBeVisible();
    await expect(share.locator('[data-share-link]')).toHaveValue(page.url().split('#')[0]!);
    await share.locator('[data-share-copy]').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(page.url().split('#')[0]);
    // the QR code is drawn: dark and light modules on the canvas
    const inked = () =>
      share.locator('[data-share-qr]').evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! < 64) dark++;
        return dark / (data.length / 4);
      });
    await expect.poll(inked).toBeGreaterThan(0.2);
    await noSideScroll(page);
    await share.locator('[data-dialog-close]').click();
    await expect(share).toBeHidden();

    await page.getByTestId('doc-report').click();
    const report = page.locator('dialog[data-report-dialog]');
    await report.getByLabel('侵权/版权').check();
    await report.locator('textarea[name="remark"]').fill(`复查举报 ${name}`);
    await noSideScroll(page);
    await report.getByRole('button', { name: '提交' }).click();
    await expect(page.getByText('举报成功')).toBeVisible();
    await expect(report).toBeHidden();
  });
}

test('the admin writes an article on a phone', async ({ page }) => {
  const title = unique('手机发布');
  await page.setViewportSize(PHONE);
  await login(page, 'admin', E2E_ADMIN_PASSWORD, '/admin/article/set');
  await page.getByTestId('article-title').fill(title);
  const editor = page.getByTestId('article-editor');
  await editor.click();
  await page.keyboard.type('手机上写的一段文字。');
  await expect(editor).toContainText('手机上写的一段文字。');
  await noSideScroll(page);
  await page.getByTestId('article-save').click();
  await expect(page.locator('.ant-message')).toContainText(/成功|已保存/);
});

test('the admin adds and edits a banner and a navigation item', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  await login(page, 'admin', E2E_ADMIN_PASSWORD, '/admin/banner');
  const title = unique('轮播');
  await page.getByTestId('banner-create').click();
  const drawer = page.getByTestId('banner-drawer');
  const png = await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();
  await drawer.locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
  await expect(drawer.locator('img').first()).toBeVisible({ timeout: 15_000 });
  await drawer.getByTestId('banner-title').fill(title);
  await drawer.getByTestId('banner-url').fill('/library');
  await page.getByTestId('drawer-submit').click();
  await expect(drawer).toBeHidden();
  const row = page.locator('tr').filter({ hasText: title });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(drawer.getByTestId('banner-title')).toHaveValue(title);
  await drawer.getByTestId('banner-title').fill(`${title}改`);
  await page.getByTestId('drawer-submit').click();
  await expect(page.locator('tr').filter({ hasText: `${title}改` })).toBeVisible();

  await page.goto('/admin/navigation');
  const nav = unique('导航');
  await page.getByTestId('navigation-create').click();
  const navDrawer = page.getByTestId('navigation-drawer');
  await navDrawer.getByTestId('navigation-title').fill(nav);
  await navDrawer.getByTestId('navigation-href').fill('/article');
  await page.getByTestId('drawer-submit').click();
  await expect(navDrawer).toBeHidden();
  const navRow = page.locator('tr').filter({ hasText: nav });
  await navRow.getByRole('button', { name: '编辑' }).click();
  await navDrawer.getByTestId('navigation-title').fill(`${nav}新`);
  await page.getByTestId('drawer-submit').click();
  await expect(page.locator('tr').filter({ hasText: `${nav}新` })).toBeVisible();
  const admin = await adminToken(request);
  const navs = await apiCall<{ navigation?: Array<{ title: string; href: string }> }>(
    request,
    admin,
    'GET',
    '/navigation/list?size=100',
  );
  expect(navs.navigation?.find((n) => n.title === `${nav}新`)?.href).toBe('/article');
});

test('the admin restores a deleted document from the recycle bin', async ({ page, request }) => {
  const admin = await adminToken(request);
  await apiCall(request, admin, 'DELETE', `/document?id=${docId}`);
  await page.setViewportSize(DESKTOP);
  await login(page, 'admin', E2E_ADMIN_PASSWORD, '/admin/document/recycle');
  await page.getByTestId(`admin-recycle-recover-${docId}`).click();
  // the confirm's own button: before the dialog showed, the last 恢复 on the page was another row's
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /恢\s*复/ })
    .click();
  await expect(page.getByText('恢复成功')).toBeVisible();
  await expect(page.getByTestId(`admin-recycle-recover-${docId}`)).toHaveCount(0);
  const back = await apiCall<{ id: number; status: number }>(request, admin, 'GET', `/document?id=${docId}`);
  expect(back).toMatchObject({ id: docId, status: 2 });
});

test('the back office works on a phone: menu, lists and settings without sideways scrolling', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, 'admin', E2E_ADMIN_PASSWORD, '/admin/dashboard');
  for (const path of ['/admin/dashboard', '/admin/document/list', '/admin/user/list', '/admin/banner', '/admin/config/system']) {
    await page.goto(path);
    await expect(page.locator('main, [role=main]').first()).toBeVisible();
    await noSideScroll(page);
  }
  // no column stays fixed on a phone: the titles keep room to be read, the actions scroll in sideways
  await page.goto('/admin/document/list');
  const titles = (await page.getByRole('columnheader', { name: '文档', exact: true }).boundingBox())!;
  expect(titles.width).toBeGreaterThanOrEqual(140);
  expect(await page.locator('.ant-table-cell-fix-end').count()).toBe(0);
  // the menu opens from ☰ over the content, leads to another screen and closes behind it
  await expect(page.getByRole('menuitem', { name: '导航管理' })).toBeHidden();
  await page.getByRole('button', { name: '展开菜单' }).click();
  await expect(page.getByTestId('admin-menu-mask')).toBeVisible();
  await page.getByRole('menuitem', { name: '导航管理' }).click();
  await expect(page).toHaveURL(/\/admin\/navigation/);
  await expect(page.getByTestId('admin-menu-mask')).toBeHidden();
  await expect(page.getByTestId('navigation-create')).toBeInViewport();
  await noSideScroll(page);
});
