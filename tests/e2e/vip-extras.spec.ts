import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { adminToken, apiCall, registerMember, setConfigs, unique } from './support/api.ts';
import { createCategory, publishFixture } from './support/documents.ts';

/**
 * Issue 11 leftovers end to end: 加入VIP文档 at upload and in the admin edit, the VIP特享 filter
 * and badge, no ads for VIP members, and the home page's sign-in card (desktop and mobile).
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const PASSWORD = 'vipx-pass-1';
let adId = 0;

async function login(page: Page, username: string, password: string, redirect: string) {
  // whoever was signed in on this page is forgotten first
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await page.goto(`/auth/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === redirect.split('?')[0]);
}

test.beforeAll(async ({ request }) => {
  const admin = await adminToken(request);
  await setConfigs(request, admin, 'vip', { enable: 'true', enable_credit_pay: 'true', month_price: '100' });
  await setConfigs(request, admin, 'pay', { exchange_rate: '1' });
  await setConfigs(request, admin, 'score', { sign_in: '3' });
});

test.afterAll(async ({ request }) => {
  if (adId) await apiCall(request, await adminToken(request), 'DELETE', `/advertisement?id=${adId}`);
});

test('an uploader marks 加入VIP文档; the admin sets VIP文档 in the edit; the library filters VIP特享 with a badge', async ({
  page,
  request,
}) => {
  const admin = await adminToken(request);
  const category = unique('VIP上传');
  const categoryId = await createCategory(request, admin, category);
  const name = unique('vipup');
  const uploader = await registerMember(request, name, PASSWORD);
  await login(page, name, PASSWORD, '/upload');
  await page.getByTestId('upload-input').setInputFiles('tests/fixtures/chinese.docx');
  await page.getByTestId('upload-category').locator('.ant-select').first().click();
  await page.locator('.ant-cascader-menu-item').filter({ hasText: category }).click();
  await expect(page.getByTestId('upload-vip')).not.toBeChecked();
  await page.getByTestId('upload-all-vip').check();
  // a free document is free for everyone: VIP only once it has a price
  await expect(page.getByTestId('upload-vip')).toBeDisabled();
  await expect(page.getByTestId('upload-vip')).not.toBeChecked();
  await page.getByTestId('upload-price').fill('5');
  await expect(page.getByTestId('upload-vip')).toBeChecked();
  await page.getByTestId('upload-submit').click();
  await expect(page.getByTestId('upload-status').first()).toBeVisible({ timeout: 30_000 });
  const mine = await apiCall<{ document: Array<{ is_vip?: boolean }> }>(
    request,
    uploader.token,
    'GET',
    `/document/list?user_id=${uploader.id}&size=10`,
  );
  expect(mine.document[0]!.is_vip).toBe(true);

  // a converted paid document, made VIP by the admin in 编辑文档
  const title = unique('VIP特享资料');
  const doc = await publishFixture(request, admin, 'tests/fixtures/chinese-8pages.pdf', title, categoryId, 4);
  await login(page, 'admin', E2E_ADMIN_PASSWORD, '/admin/document/list');
  const row = page.getByTestId(`admin-doc-row-${doc.id}`);
  await page.getByTestId(`admin-doc-edit-${doc.id}`).click();
  const drawer = page.getByTestId('admin-doc-edit-drawer');
  await drawer.getByTestId('admin-doc-vip').click();
  await page.getByTestId('drawer-submit').click();
  await expect(drawer).toBeHidden();
  await expect(row).toContainText('VIP');
  const isVip = async () => (await apiCall<{ is_vip?: boolean }>(request, admin, 'GET', `/document?id=${doc.id}`)).is_vip;
  expect(await isVip()).toBe(true);
  // 批量VIP clears it, and sets it again
  const batchVip = async (on: boolean) => {
    await row.locator('input[type=checkbox]').check();
    await page.getByTestId('admin-doc-batch-vip-open').click();
    const batch = page.getByTestId('admin-doc-batch-drawer');
    await expect(batch).toContainText('已选 1 篇文档');
    if (!on) await batch.getByTestId('admin-doc-batch-vip').click();
    await page.getByTestId('drawer-submit').click();
    await expect(batch).toBeHidden();
  };
  await batchVip(false);
  await expect.poll(isVip).toBeFalsy();
  await batchVip(true);
  await expect.poll(isVip).toBe(true);

  // 费用 VIP特享 lists it with its badge; 免费 does not
  await page.goto('/library');
  await page.locator('a[data-filter="fee_type"][data-value="vip"]').click();
  await expect(page).toHaveURL(/fee_type=vip/);
  const card = page.locator('[data-doc-card]').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.locator('[data-vip-doc]')).toHaveText('VIP特享');
  await page.locator('a[data-filter="fee_type"][data-value="free"]').click();
  await expect(page).toHaveURL(/fee_type=free/);
  await expect(page.locator('[data-doc-list]')).not.toContainText(title);
});

test('a VIP member sees no ads; a visitor and an ordinary member do', async ({ page, request }) => {
  const admin = await adminToken(request);
  const ad = await apiCall<{ id: number }>(request, admin, 'POST', '/advertisement', {
    position: 'index_banner_bottom',
    title: 'VIP测试广告',
    content: '<p data-testid="e2e-ad">这是一条广告</p>',
  });
  adId = ad.id;
  await page.goto('/');
  await expect(page.getByTestId('e2e-ad')).toBeVisible();

  const name = unique('adfree');
  const member = await registerMember(request, name, PASSWORD);
  await login(page, name, PASSWORD, '/member');
  await page.goto('/');
  await expect(page.getByTestId('e2e-ad')).toBeVisible();

  // the member buys a month of VIP with credits
  await apiCall(request, admin, 'POST', '/order/system/recharge', { user_id: member.id, credit: 5, remark: '测试' });
  const order = await apiCall<{ order_no: string }>(request, member.token, 'POST', '/order', { order_type: 2, product_id: 2 });
  await apiCall(request, member.token, 'POST', '/order/pay', { order_no: order.order_no, payment_type: 5 });
  await page.goto('/member');
  await expect(page.getByTestId('vip-badge')).toBeVisible();
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('/advertisement/position') && asked.push(r.url()));
  await page.goto('/');
  await expect(page.getByTestId('home-user-card')).toContainText(name);
  await expect(page.locator('[data-ad-slot="index_banner_bottom"]')).toBeHidden();
  await expect(page.getByTestId('e2e-ad')).toHaveCount(0);
  expect(asked).toEqual([]);
});

for (const viewport of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'mobile', width: 390, height: 844 },
]) {
  test(`the home page's card signs a member in daily, once (${viewport.name})`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const card = page.getByTestId('home-user-card');
    await expect(card).toContainText('欢迎您，游客');
    await card.getByTestId('home-login').click();
    await page.waitForURL(/\/auth\/login/);

    const name = unique('homesign');
    const member = await registerMember(request, name, PASSWORD);
    await login(page, name, PASSWORD, '/member');
    await page.goto('/');
    await expect(card).toContainText(name);
    await expect(card).toContainText('每日签到可获得 3 积分');
    const before = Number(await card.getByTestId('home-credit').textContent());
    const button = card.getByTestId('home-sign');
    await expect(button).toHaveText('每日签到');
    await button.click();
    await expect(page.locator('[data-toast]')).toContainText('签到成功，获得 3 积分奖励');
    await expect(button).toHaveText('今日已签到');
    await expect(button).toBeDisabled();
    await expect(card.getByTestId('home-credit')).toHaveText(String(before + 3));
    await page.reload();
    await expect(card.getByTestId('home-sign')).toBeDisabled();
    await expect(card.getByTestId('home-sign')).toHaveText('今日已签到');
    const signs = await apiCall<{ credit_log: Array<{ ref_type: string }> }>(request, member.token, 'GET', '/user/credit/log');
    expect(signs.credit_log.filter((l) => l.ref_type === 'sign')).toHaveLength(1);
  });
}
