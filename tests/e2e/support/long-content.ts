import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminToken, apiCall, registerMember, setConfigs, unique } from './api.ts';
import { createCategory, publishFixture } from './documents.ts';

/**
 * A library with the longest things a page must hold (issue 29): a 64-character document title, a
 * long category and article title, a 32-character VIP member with six-digit balances. Specs that
 * walk every page kind (phone width, console, accessibility) seed it once per file.
 */
export interface LongContent {
  member: { id: number; name: string; password: string; token: string };
  categoryId: number;
  doc: { id: number; uuid: string; title: string };
  article: { url: string; title: string };
  orderNo: string;
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };
export const LONG_DOC_TITLE =
  '二〇二六年全国硕士研究生招生考试思想政治理论真题及参考答案详细解析与高频考点归纳总结（完整版）'.slice(0, 64);

export async function seedLongContent(request: APIRequestContext): Promise<LongContent> {
  const admin = await adminToken(request);
  await setConfigs(request, admin, 'vip', { enable: 'true', month_price: '1990', enable_credit_pay: 'true' });
  await setConfigs(request, admin, 'pay', { exchange_rate: '10' });
  await setConfigs(request, admin, 'score', { enable_recharge: 'true' });
  const categoryId = await createCategory(request, admin, unique('高等教育考试资料汇编'));
  const title = `${unique('')}${LONG_DOC_TITLE}`.slice(0, 64);
  const doc = await publishFixture(request, admin, 'tests/fixtures/chinese-8pages.pdf', title, categoryId, 999);
  await apiCall(request, admin, 'PUT', '/document/vip', { document_id: [doc.id], is_vip: true });

  const articleCategory = await createCategory(request, admin, unique('长标题文章'), 1);
  const identifier = unique('long-').toLowerCase();
  const articleTitle = `${LONG_DOC_TITLE.slice(0, 40)}ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789`;
  await apiCall(request, admin, 'POST', '/article', {
    title: articleTitle,
    identifier,
    content: `<p>${'长段落'.repeat(80)}</p><p>https://example.com/${'a'.repeat(120)}</p>`,
    category_id: [articleCategory],
    status: 1,
  });

  // 32 characters without a break opportunity, VIP, a six-digit balance
  const name = `${unique('u')}${'W'.repeat(32)}`.slice(0, 32);
  const password = 'long-pass-1';
  const m = await registerMember(request, name, password);
  await apiCall(request, admin, 'POST', '/order/system/recharge', { user_id: m.id, credit: 999_999, remark: '测试' });
  const vip = await apiCall<{ order_no: string }>(request, m.token, 'POST', '/order', { order_type: 2, product_id: 2 });
  await apiCall(request, m.token, 'POST', '/order/pay', { order_no: vip.order_no, payment_type: 5 });
  const pending = await apiCall<{ order_no: string }>(request, m.token, 'POST', '/order', { order_type: 3, quantity: 200 });

  // the server renders the static pages that show them
  const docUrl = `/library/${categoryId}/${doc.uuid}`;
  const articleUrl = `/article/${articleCategory}/detail/${identifier}`;
  for (const [url, text] of [
    [docUrl, 'id="wenku-document"'],
    ['/', title],
    [articleUrl, identifier],
  ] as const) {
    await expect
      .poll(async () => (await (await request.get(url)).text()).includes(text), { timeout: 150_000, intervals: [1000] })
      .toBe(true);
  }
  return {
    member: { id: m.id, name, password, token: m.token },
    categoryId,
    doc: { id: doc.id, uuid: doc.uuid, title },
    article: { url: articleUrl, title: articleTitle },
    orderNo: pending.order_no,
  };
}

/** A browser context signed in as `name` (through the login page, as a member does). */
export async function signedInContext(
  browser: Browser,
  viewport: { width: number; height: number },
  name: string,
  password: string,
  baseURL: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/auth/login?redirect=%2Fmember');
  await page.getByTestId('login-username').fill(name);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname.startsWith('/member'));
  await page.close();
  return context;
}

/** The console errors (and uncaught exceptions) a page logs from now on. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} @ ${m.location().url}`);
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  return errors;
}
