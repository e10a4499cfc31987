import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PHONE } from './support/long-content.ts';

const OLD_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4896.127 Safari/537.36';

test.describe('with an old browser', () => {
  test.use({ userAgent: OLD_CHROME });
  test('shows the red upgrade banner', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByTestId('browser-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveText('您使用的浏览器版本可能不支持完整功能，请升级浏览器或下载 Chrome 浏览器以获得最佳体验。');
    // paint one pixel of the banner's background onto a canvas to read it as RGB, whatever colour space CSS used
    const [r, g, b] = await banner.evaluate((el) => {
      const c = document.createElement('canvas').getContext('2d')!;
      c.fillStyle = getComputedStyle(el).backgroundColor;
      c.fillRect(0, 0, 1, 1);
      return [...c.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    });
    expect(r).toBeGreaterThan(150);
    expect(g + b).toBeLessThan(r);
  });
});

test('a current browser sees no banner', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('h1, header').first()).toBeVisible();
  await expect(page.getByTestId('browser-banner')).toBeHidden();
});

test('a bad route shows the error screen with a way home', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '出错啦！' })).toBeVisible();
  await page.getByRole('link', { name: '返回首页' }).click();
  await page.waitForURL((url) => url.pathname === '/');
});

test('the home page carries the site name in its title', async ({ page }) => {
  const settings = await (await page.request.get('/api/v1/settings')).json();
  await page.goto('/');
  await expect(page).toHaveTitle(new RegExp(settings.system.title || settings.system.sitename));
});

test('a site with no public document yet says so on its home page and links to the upload page (phone)', async ({ page }) => {
  // dist/ is the site built before any document exists (the server started from a copy of it and has
  // rendered its home page again since); its home page is served in place of today's
  const fresh = readFileSync('dist/index.html', 'utf8');
  await page.route(
    (url) => url.pathname === '/',
    (route) => route.fulfill({ body: fresh, contentType: 'text/html' }),
  );
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const empty = page.getByTestId('home-empty');
  await expect(empty).toBeVisible();
  await expect(empty).toContainText('还没有公开的文档');
  await empty.getByRole('link', { name: '上传第一篇文档' }).click();
  await page.waitForURL((url) => url.pathname === '/upload' || url.pathname === '/auth/login');
});
