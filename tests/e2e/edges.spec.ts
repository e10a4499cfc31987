import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { adminToken, apiCall, apiLogin, registerMember, setConfigs, unique } from './support/api.ts';
import { createCategory, publishFixture } from './support/documents.ts';

// The rough edges a demanding reader hits first (issue 10, part A): footer links, dialogs, scores,
// the time zone, the document page's columns, the small texts. One converted document serves all.

const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 390, height: 844 };

interface Doc {
  id: number;
  uuid: string;
  created_at: string;
  category_id?: number[];
}

let doc: Doc;
let url: string;
let member: { name: string; password: string };

/** The wall clock of an instant in Asia/Shanghai (the site's default zone) as YYYY-MM-DD HH:mm:ss. */
function shanghai(iso: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Shanghai',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

async function login(page: Page, name: string, password: string, back: string) {
  await page.goto(`/auth/login?redirect=${encodeURIComponent(back)}`);
  await page.getByTestId('login-username').fill(name);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === back.split('?')[0]);
}

/** The dialog's centre is the viewport's centre (within a few pixels). */
async function expectCentred(page: Page, selector: string, viewport: { width: number; height: number }) {
  const box = (await page.locator(selector).boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(4);
  expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThan(4);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(300_000);
  const admin = await adminToken(request);
  const categoryId = await createCategory(request, admin, unique('边角'));
  const created = await publishFixture(request, admin, 'tests/fixtures/chinese-8pages.pdf', unique('八页文档'), categoryId);
  // a second document, so the right column has another one to offer
  await publishFixture(request, admin, 'tests/fixtures/gbk.txt', unique('另一文档'), categoryId);
  doc = await apiCall<Doc>(request, admin, 'GET', `/document?id=${created.id}`);
  url = `/library/${categoryId}/${doc.uuid}`;
  // the server renders the document's static page
  await expect
    .poll(async () => (await (await request.get(url)).text()).includes('id="wenku-document"'), {
      timeout: 150_000,
      intervals: [2000],
    })
    .toBe(true);
  member = { name: unique('edge'), password: 'edge-pass-1' };
  await registerMember(request, member.name, member.password);
});

test('footer links (moredoc /article/<identifier> defaults) all lead to their pages', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: '页脚链接' });
  for (const label of ['关于我们', '文库协议', '联系我们', '意见反馈', '免责声明']) {
    await page.goto('/');
    const res = page.waitForResponse((r) => r.url().includes('/article/') && r.request().isNavigationRequest());
    await footer.getByRole('link', { name: label, exact: true }).click();
    expect((await res).status()).toBe(301);
    await page.waitForURL(/\/article\/_\/detail\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
  }
});

test('the 404 screen says the page does not exist, also for a mistyped document, article or user address', async ({ page }) => {
  for (const url of ['/no/such/page', '/library/3/mistyped0000000001', '/article/_/detail/mistyped-page', '/user/987654']) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(404);
    await expect(page.getByText('您访问的页面不存在')).toBeVisible();
    await expect(page).toHaveTitle(/页面不存在/);
  }
});

test('an unrated document says 暂无评分; after a rating, one live score on the page', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(url);
  const view = page.locator('[data-document-view]');
  await expect(view.locator('[data-doc-meta]')).toContainText('暂无评分');
  await expect(view.locator('[data-score-value]:not([data-score-value="0"])')).toHaveCount(0);
  await expect(view).not.toContainText('3.0');
  await expect(view).not.toContainText('4.0');

  await login(page, member.name, member.password, url);
  await page.locator('[data-score-star="4"]').click();
  await expect(page.getByText('评分成功')).toBeVisible();
  await page.reload();
  // the page's only score is the live one
  await expect(view.locator('[data-doc-meta] [data-score-value]')).toHaveAttribute('data-score-value', '4.0');
  await expect(view.locator('[data-score-value]')).toHaveCount(1);
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`分享 and 举报 open centred (${name}); 侵权/版权 is a report reason`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await login(page, member.name, member.password, url);
    await page.getByTestId('doc-share').click();
    await expect(page.locator('dialog[data-share-dialog]')).toBeVisible();
    await expectCentred(page, 'dialog[data-share-dialog]', viewport);
    await page.locator('dialog[data-share-dialog] [data-dialog-close]').click();

    await page.getByTestId('doc-report').click();
    const report = page.locator('dialog[data-report-dialog]');
    await expect(report).toBeVisible();
    await expectCentred(page, 'dialog[data-report-dialog]', viewport);
    await report.getByLabel('侵权/版权').check();
    // one report per member and document: the desktop run sends it
    if (name === 'desktop') {
      await report.getByRole('button', { name: '提交' }).click();
      await expect(page.getByText('举报成功')).toBeVisible();
    }
  });
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`a visitor who clicks 收藏 or 下载 is told 登录后即可…; back after signing in, it is done (${name})`, async ({
    browser,
    baseURL,
    request,
  }) => {
    const reader = { name: unique('back'), password: 'back-pass-1' };
    const { token } = await registerMember(request, reader.name, reader.password);
    let context = await browser.newContext({ viewport, baseURL, locale: 'zh-CN' });
    let page = await context.newPage();
    const path = new URL(url, 'http://x').pathname;
    const signIn = async () => {
      await page.getByTestId('login-prompt').getByRole('link', { name: '登录' }).click();
      await page.waitForURL(/\/auth\/login\?redirect=/);
      await page.getByTestId('login-username').fill(reader.name);
      await page.getByTestId('login-password').fill(reader.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL((u) => u.pathname === path);
    };

    // 收藏: cancelling stays on the page; signing in comes back with the document favourited
    await page.goto(url);
    await page.getByTestId('doc-favorite').click();
    const prompt = page.getByTestId('login-prompt');
    await expect(prompt.getByRole('heading', { name: '登录后即可收藏' })).toBeVisible();
    await prompt.getByRole('button', { name: '取消' }).click();
    await expect(prompt).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(path);
    await page.getByTestId('doc-favorite').click();
    await signIn();
    await expect(page.getByTestId('doc-favorite')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('收藏成功')).toBeVisible();
    // the page's 收藏 count includes this favourite (the desktop and phone runs favourite the same document)
    const live = await apiCall<{ favorite_count: number }>(request, token, 'GET', `/document?id=${doc.id}`);
    await expect(page.locator('[data-count="favorite"]')).toHaveText(`收藏 ${live.favorite_count}`);
    // done once: the address forgets it, a reload leaves the favourite as it is
    expect(new URL(page.url()).hash).toBe('');
    await page.reload();
    await expect(page.getByTestId('doc-favorite')).toHaveAttribute('aria-pressed', 'true');
    const favourites = await apiCall<{ total: number }>(request, token, 'GET', '/favorite/list?page=1&size=10');
    expect(favourites.total).toBe(1);
    await context.close();

    // 下载: a visitor again (another browser), the click asks to sign in; coming back, the download starts
    context = await browser.newContext({ viewport, baseURL, locale: 'zh-CN' });
    page = await context.newPage();
    await page.goto(url);
    await page.getByTestId('doc-download').click();
    await expect(page.getByTestId('login-prompt').getByRole('heading', { name: '登录后即可下载' })).toBeVisible();
    const download = page.waitForEvent('download');
    await signIn();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await context.close();
  });
}

test.describe('in a browser far from the site', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the static page and the page script print times in the site zone (Asia/Shanghai)', async ({ page }) => {
    await page.goto(url);
    const expected = shanghai(doc.created_at);
    // the uploader card is rendered by the server; the facts line again by the page script
    await expect(page.locator('[data-uploader]')).toContainText(expected.slice(0, 10));
    await expect(page.locator('[data-doc-meta] time')).toHaveAttribute('title', expected);
  });
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`the right column is never empty: uploader card and related or hot documents (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(url);
    await expect(page.locator('[data-uploader]')).toContainText('上传者');
    await expect(page.locator('[data-related]:visible, [data-hot]:visible')).toHaveCount(1);
    // metadata once: the format and price in the facts table, the uploader not repeated under the reader
    await expect(page.getByText('上传分享', { exact: false })).toHaveCount(1);
    // the overview reads as paragraphs, not one block per page
    expect(await page.locator('[data-overview] p').count()).toBeGreaterThan(1);
  });
}

test('home page links go to the canonical document page, which names itself canonical; the sitemap uses the port', async ({
  page,
  request,
  baseURL,
}) => {
  // the server renders the home page again after the upload
  await expect
    .poll(async () => (await (await request.get('/')).text()).includes(`href="${url}"`), { timeout: 60_000, intervals: [2000] })
    .toBe(true);
  const home = await (await request.get('/')).text();
  expect(home).not.toMatch(/href="\/library\/(0|_)\//);
  await page.goto(url);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${url}`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${baseURL}/`);
  // the home page is built as index.html; its canonical address is the one the sitemap lists
  expect(home).toContain(`<link rel="canonical" href="${baseURL}/">`);
  const pages = await (await request.get('/sitemap/pages.xml')).text();
  expect(pages).toContain(`<loc>${baseURL}/</loc>`);
});

test('the © line starts at the year the site was set up', async ({ page }) => {
  await page.goto('/library');
  const year = new Date().getFullYear();
  await expect(page.locator('footer')).toContainText(`© ${year}`);
  await expect(page.locator('footer')).not.toContainText('2019');
});

test('registration asks to accept the 文库协议, which opens', async ({ page }) => {
  await page.goto('/auth/register');
  const name = unique('agr');
  await page.getByTestId('register-username').fill(name);
  await page.getByTestId('register-password').fill('agree-pass-1');
  await page.getByTestId('register-confirm').fill('agree-pass-1');
  await page.getByTestId('register-email').fill(`${name}@example.com`);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('form-error')).toContainText('请先阅读并同意《文库协议》');
  const link = page.getByRole('link', { name: '《文库协议》' });
  const href = await link.getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(await res.text()).toBeTruthy();
  await page.getByTestId('register-agree').check();
  await page.getByTestId('register-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth/'));
});

test('the forgot-password page says when the site sends no mail', async ({ page, request }) => {
  const admin = await adminToken(request);
  await setConfigs(request, admin, 'email', { enable: 'false' });
  await page.goto('/auth/forgot');
  await expect(page.getByText('本站尚未配置邮件服务')).toBeVisible();
  await expect(page.getByTestId('forgot-submit')).toBeDisabled();
});

test('the admin adjusts the credits of a member; antd keeps 取消/提交 without a space; 积分配置 names credits 积分', async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  await login(page, 'admin', E2E_ADMIN_PASSWORD, '/admin/config/score');
  await expect(page.getByText('积分名称').first()).toBeVisible();
  await expect(page.locator('input[value="积分"]').first()).toBeVisible();

  const me = await apiLogin(request, member.name, member.password);
  const before = (await apiCall<{ credit_count?: number }>(request, me, 'GET', '/user')).credit_count ?? 0;
  await page.goto('/admin/user/list');
  await page.getByPlaceholder('用户名、姓名、邮箱或电话').fill(member.name);
  await page.getByPlaceholder('用户名、姓名、邮箱或电话').press('Enter');
  await page.locator('.ant-table-row').filter({ hasText: member.name }).getByText('充值', { exact: true }).click();
  const drawer = page.getByTestId('user-credit-drawer');
  await expect(drawer.getByText('积分充值')).toBeVisible();
  // antd's default would print 取 消 / 提 交
  const labels = (await page.locator('.ant-drawer-footer .ant-btn').allInnerTexts()).map((t) => t.trim());
  expect(labels).toEqual(expect.arrayContaining(['取消', '提交']));
  await page.getByTestId('credit-amount').fill('7');
  await page.getByTestId('credit-remark').fill('活动奖励');
  const submit = page.locator('.ant-drawer-footer .ant-btn').filter({ hasText: '提交' });
  await page.getByTestId('credit-confirm').fill(`${member.name}x`);
  await submit.click();
  await expect(drawer.getByText('用户名不一致')).toBeVisible();
  await page.getByTestId('credit-confirm').fill(member.name);
  await expect(drawer.getByText('用户名不一致')).toBeHidden();
  await submit.click();
  await expect(page.getByText('积分已调整')).toBeVisible();
  await expect
    .poll(async () => (await apiCall<{ credit_count?: number }>(request, me, 'GET', '/user')).credit_count ?? 0)
    .toBe(before + 7);
});

test('search: zero-count filters are grey, an empty result offers recommended documents', async ({ page }) => {
  await page.goto(`/search?wd=${encodeURIComponent('量子')}`);
  await expect(page.getByTestId('search-result').first()).toBeVisible({ timeout: 30_000 });
  const zero = page.locator('[data-filter-row="ext"] [data-count="0"]').first();
  await expect(zero).toBeVisible();
  await expect(zero).not.toHaveClass(/text-red/);
  await expect(
    page.locator('[data-filter-row="ext"] a:not([aria-current]) [data-count]:not([data-count="0"])').first(),
  ).toHaveClass(/text-red/);
  // a result row carries the document's cover
  await expect(page.getByTestId('search-result').locator('img[data-cover-thumb]').first()).toBeVisible();

  await page.goto(`/search?wd=${encodeURIComponent('完全不存在的词组qzx')}`);
  const empty = page.getByTestId('search-empty');
  await expect(empty).toBeVisible();
  await expect(empty.getByTestId('search-recommend').getByTestId('search-result').first()).toBeVisible();
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test(`covers in the library list, the category page and the user page keep the page's proportions (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const category = `/library/${doc.category_id?.at(-1)}`;
    for (const path of ['/library', category]) {
      await page.goto(path);
      const thumb = page.locator('[data-doc-card] img[data-cover-thumb]').first();
      await expect(thumb).toBeVisible();
      // the list script may re-render the cards with live data: measure whichever image is there once laid out
      const ratioError = async () => {
        const box = await thumb.boundingBox();
        return box && box.height ? Math.abs(box.width / box.height - 210 / 297) : 1;
      };
      await expect.poll(ratioError).toBeLessThan(0.02);
      // toHaveCSS retries: an image replaced by the re-render between finding and reading it has no computed style
      await expect(thumb).toHaveCSS('object-fit', 'contain');
    }
    await page.goto('/user/1');
    await expect(page.getByTestId('user-document').locator('img[data-cover-thumb]').first()).toBeVisible();
  });
}

/** Internal page links of some HTML: hrefs on this origin, without fragments, API and file routes left out. */
function pageLinks(htmlText: string, from: string, origin: string): string[] {
  const out: string[] = [];
  for (const m of htmlText.matchAll(/<a\s[^>]*?href="([^"]+)"/g)) {
    const raw = m[1].replace(/&amp;/g, '&');
    if (/^(mailto|tel|javascript|data):/i.test(raw)) continue;
    let u: URL;
    try {
      u = new URL(raw, origin + from);
    } catch {
      continue;
    }
    if (u.origin !== origin || /^\/(api|download|uploads|view)\//.test(u.pathname)) continue;
    out.push(u.pathname + u.search);
  }
  return out;
}

test('a crawl of the site from the home page and the sitemap finds no broken link', async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;
  const sitemapIndex = await (await request.get('/sitemap.xml')).text();
  const locs = async (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const start = ['/'];
  for (const part of await locs(sitemapIndex)) {
    const res = await request.get(part);
    expect(res.status(), part).toBe(200);
    start.push(...(await locs(await res.text())));
  }
  // links the page scripts render live (header, related lists, user menus) too
  for (const path of ['/', '/library', url, '/search?wd=' + encodeURIComponent('量子')]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    start.push(...pageLinks(hrefs.map((h) => `<a href="${h}">`).join(''), path, origin));
  }

  const seen = new Set<string>();
  const queue = [...new Set(start)];
  const broken: string[] = [];
  while (queue.length && seen.size < 600) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const res = await request.get(path);
    if (res.status() >= 400) {
      broken.push(`${res.status()} ${path}`);
      continue;
    }
    if (!(res.headers()['content-type'] ?? '').includes('text/html')) continue;
    // follow links of the site's pages; search result pages only one level deep
    if (path.startsWith('/search')) continue;
    for (const link of pageLinks(await res.text(), path, origin)) if (!seen.has(link)) queue.push(link);
  }
  expect(broken).toEqual([]);
  expect(seen.size).toBeGreaterThan(20);
});
