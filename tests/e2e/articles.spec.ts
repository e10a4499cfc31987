import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { adminToken, apiCall, registerMember, unique } from './support/api.ts';
import { createCategory } from './support/documents.ts';

async function adminLogin(page: Page, redirect: string) {
  await page.goto(`/auth/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill(E2E_ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname.startsWith(redirect.split('?')[0]));
}

test('an admin writes an article with an image; it is listed and its page carries its title', async ({ page }) => {
  test.setTimeout(120_000);
  const title = unique('开源文库的十个技巧');
  await adminLogin(page, '/admin/article/set');
  await page.getByTestId('article-title').fill(title);
  const editor = page.getByTestId('article-editor');
  await editor.click();
  await page.keyboard.type('这是一篇介绍文库使用技巧的文章。');
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer();
  await page.getByTestId('article-image-input').setInputFiles({ name: 'figure.png', mimeType: 'image/png', buffer: png });
  await expect(editor.locator('img')).toHaveCount(1, { timeout: 15_000 });
  await page.getByTestId('article-save').click();
  await expect(page.locator('.ant-message')).toContainText(/成功|已保存/);

  await page.goto('/article');
  const link = page.getByRole('link', { name: title });
  await expect
    .poll(
      async () => {
        await page.reload();
        return link.count();
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBeGreaterThan(0);
  await link.first().click();
  await expect(page).toHaveTitle(new RegExp(`^${title} - `));
  await expect(page.locator('article img, .article-content img').first()).toBeVisible();
});

test('hostile article HTML is stored without its payloads and runs nothing', async ({ page, request }) => {
  const admin = await adminToken(request);
  const cat = await createCategory(request, admin, unique('安全'), 1);
  const identifier = unique('xss-').toLowerCase();
  const content = [
    '<p>正文第一段</p>',
    '<script>window.__pwned = 1</script>',
    '<img src="/favicon.svg" onerror="window.__pwned = 2" onload="window.__pwned = 3">',
    '<a href="javascript:window.__pwned = 4">点我</a>',
    '<a href=" JaVaScRiPt:window.__pwned=5">再点我</a>',
    '<div style="background:url(javascript:window.__pwned=6)">样式载荷</div>',
    '<svg onload="window.__pwned = 7"></svg><iframe src="javascript:window.__pwned=8"></iframe>',
  ].join('');
  await apiCall(request, admin, 'POST', '/article', {
    title: '安全测试文章',
    identifier,
    content,
    category_id: [cat],
    status: 1,
  });
  const stored = await apiCall<{ content: string }>(request, admin, 'GET', `/article?identifier=${identifier}`);
  for (const bad of ['<script', 'onerror', 'onload', 'javascript:', 'url(', '<svg', '<iframe']) {
    expect(stored.content.toLowerCase()).not.toContain(bad.toLowerCase());
  }
  expect(stored.content).toContain('正文第一段');

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`/article/${cat}/detail/${identifier}`);
  await expect(page.getByText('正文第一段')).toBeVisible();
  for (const name of ['点我', '再点我'])
    await page
      .getByText(name, { exact: true })
      .click({ noWaitAfter: true })
      .catch(() => undefined);
  // an injected handler would run on the click itself or when an image fails to load (onerror):
  // wait until every image has loaded or failed, then for one more frame
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('a guest leaves feedback that the admin sees', async ({ page, browser }) => {
  const content = unique('希望增加夜间模式，谢谢');
  await page.goto('/');
  await page.getByTestId('feedback-open').click();
  await page.getByTestId('feedback-name').fill('路人甲');
  await page.getByTestId('feedback-contact').fill('guest@example.com');
  await page.getByTestId('feedback-content').fill(content);
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-success')).toBeVisible();

  const adminPage = await browser.newPage();
  await adminLogin(adminPage, '/admin/feedback');
  await expect(adminPage.getByTestId('admin-feedback-row').filter({ hasText: content })).toBeVisible();
  await adminPage.close();
});

test('a visitor shares an article, favourites it after signing in; 我的收藏 → 文章收藏 lists it and takes it away (phone)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await adminToken(request);
  const cat = await createCategory(request, admin, unique('收藏文章'), 1);
  const title = unique('值得收藏的文章');
  const identifier = unique('fav-').toLowerCase();
  await apiCall(request, admin, 'POST', '/article', { title, identifier, content: '<p>正文</p>', category_id: [cat], status: 1 });
  const reader = { name: unique('fan'), password: 'fan-pass-1' };
  await registerMember(request, reader.name, reader.password);

  // 分享到: 微信 shows the page's link as a QR code; QQ and 微博 carry the link and the title
  const path = `/article/${cat}/detail/${identifier}`;
  await page.goto(path);
  const link = encodeURIComponent(new URL(page.url()).origin + path);
  await expect(page.getByTestId('article-share-qq')).toHaveAttribute(
    'href',
    `https://connect.qq.com/widget/shareqq/index.html?url=${link}&title=${encodeURIComponent(title)}`,
  );
  await expect(page.getByTestId('article-share-weibo')).toHaveAttribute(
    'href',
    `https://service.weibo.com/share/share.php?url=${link}&title=${encodeURIComponent(title)}`,
  );
  await page.getByTestId('article-share-wechat').click();
  const share = page.getByRole('dialog', { name: '分享文章' });
  await expect(share.getByText('打开微信，扫一扫分享')).toBeVisible();
  await expect(share.locator('[data-share-link]')).toHaveValue(new URL(page.url()).origin + path);
  // the QR code is drawn: dark modules on the canvas
  await expect
    .poll(() =>
      share.locator('[data-share-qr]').evaluate((c: HTMLCanvasElement) =>
        c
          .getContext('2d')!
          .getImageData(0, 0, 200, 200)
          .data.some((v, i) => i % 4 === 0 && v < 50),
      ),
    )
    .toBe(true);
  await share.getByRole('button', { name: '关闭' }).click();
  await expect(share).toBeHidden();

  // a visitor is asked to sign in and comes back with the article favourited
  const favorite = page.getByTestId('article-favorite');
  await expect(favorite).toHaveText('收藏文章');
  await favorite.click();
  await page.getByTestId('login-prompt').getByRole('link', { name: '登录' }).click();
  await page.getByTestId('login-username').fill(reader.name);
  await page.getByTestId('login-password').fill(reader.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === path);
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');
  await expect(favorite).toHaveText('取消收藏');
  // the meta's 收藏 count follows the click, both ways
  const count = page.locator('[data-count="favorite"]');
  await expect(count).toHaveText('收藏 1');
  await favorite.click();
  await expect(favorite).toHaveText('收藏文章');
  await expect(count).toHaveText('收藏 0');
  await favorite.click();
  await expect(count).toHaveText('收藏 1');
  // the category's list counts it too (阅读 / 收藏 / 评论), once the site has rendered the change
  const item = page.locator('[data-article-item]', { hasText: title });
  await expect
    .poll(
      async () => {
        await page.goto(`/article/${cat}`);
        return (await item.count()) ? item.innerText() : '';
      },
      { timeout: 30_000 },
    )
    .toContain('收藏 1');

  // the member's favourites: the article tab lists it and leads to its page; 取消收藏 takes it away
  await page.goto('/member/favorite');
  const list = page.getByTestId('member-favorites');
  await expect(list.getByText('您还没有收藏过文档')).toBeVisible();
  await list.getByRole('tab', { name: '文章收藏' }).click();
  await expect(page).toHaveURL(/[?&]type=1/);
  await list.getByRole('link', { name: title }).click();
  await page.waitForURL((u) => u.pathname === path);
  await page.goBack();
  await expect(list.getByRole('tab', { name: '文章收藏', selected: true })).toBeVisible();
  await list.getByTestId('favorite-remove').click();
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(list.getByText('您还没有收藏过文章')).toBeVisible();
  await page.goto(path);
  await expect(favorite).toHaveAttribute('aria-pressed', 'false');
});
