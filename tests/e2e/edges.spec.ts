import { expect, test, type Page } from '@playwright/test';
import { adminToken, apiCall, registerMember, unique } from './support/api.ts';
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

test('the 404 screen says the page does not exist', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('您访问的页面不存在')).toBeVisible();
  await expect(page).toHaveTitle(/页面不存在/);
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

test('a visitor who clicks 收藏 or 下载 is told why they must sign in', async ({ page }) => {
  await page.goto(url);
  await page.getByTestId('doc-favorite').click();
  await expect(page.getByText('收藏文档需要先登录')).toBeVisible();
  await page.waitForURL(/\/auth\/login\?redirect=/);
  await page.goto(url);
  await page.getByTestId('doc-download').click();
  await expect(page.getByText(/请先登录|需要先登录/)).toBeVisible();
});

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

test('the right column is never empty: uploader card and related or hot documents', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(url);
  await expect(page.locator('[data-uploader]')).toContainText('上传者');
  await expect(page.locator('[data-related]:visible, [data-hot]:visible')).toHaveCount(1);
  // metadata once: the format and price in the facts table, the uploader not repeated under the reader
  await expect(page.getByText('上传分享', { exact: false })).toHaveCount(1);
  // the overview reads as paragraphs, not one block per page
  expect(await page.locator('[data-overview] p').count()).toBeGreaterThan(1);
});
