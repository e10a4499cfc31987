import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../../playwright.config.ts';
import { FakeAlipay } from '../server/support/fake-alipay.ts';
import { FakeWechatPay } from '../server/support/fake-wechatpay.ts';
import { adminToken, apiCall, registerMember, setConfigs, unique } from './support/api.ts';
import { createCategory, publishFixture } from './support/documents.ts';
import { PHONE } from './support/long-content.ts';

/**
 * Paid membership end to end (issue 11): the real server, the built site, Debian chromium and the
 * local fake Alipay and WeChat Pay, which check the server's signatures and send signed notifies.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let alipay: FakeAlipay;
let wechat: FakeWechatPay;
const PASSWORD = 'money-pass-1';
const member = unique('vip');
let memberToken = '';

async function login(page: Page, username: string, password: string, redirect: string) {
  await page.goto(`/auth/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname.startsWith(redirect.split('?')[0]!));
}

test.beforeAll(async ({ request, baseURL }) => {
  alipay = await new FakeAlipay().start();
  wechat = await new FakeWechatPay().start();
  const admin = await adminToken(request);
  await setConfigs(request, admin, 'system', { domain: baseURL! });
  await setConfigs(request, admin, 'vip', {
    enable: 'true',
    quarter_price: '5900',
    quarter_download: '3',
    quarter_times_every_day: '0',
  });
  await setConfigs(request, admin, 'score', { enable_recharge: 'true', recharge_discount: '10:9', sign_in: '2' });
  await setConfigs(request, admin, 'pay', {
    exchange_rate: '10',
    enable_alipay: 'true',
    alipay_appid: alipay.appId,
    alipay_private_key: alipay.app.privateKey,
    alipay_public_key: alipay.alipay.publicKey,
    alipay_gateway: alipay.gateway,
    enable_wechat: 'true',
    wechat_appid: wechat.appid,
    wechat_mchid: wechat.mchid,
    wechat_serial_no: wechat.merchantSerial,
    wechat_private_key: wechat.merchant.privateKey,
    wechat_api_key: wechat.apiV3Key,
    wechat_platform_key: wechat.platform.publicKey,
    wechat_platform_serial: wechat.platformSerial,
    wechat_gateway: wechat.url,
  });
  memberToken = (await registerMember(request, member, PASSWORD)).token;
});

test.afterAll(async () => {
  await alipay?.close();
  await wechat?.close();
});

test('a member buys a quarterly VIP with Alipay page pay and sees 已支付 and the VIP badge', async ({ page }) => {
  await login(page, member, PASSWORD, '/vip');
  await page.getByTestId('vip-plan-quarter').click();
  await page.getByRole('button', { name: '立即购买' }).click();
  await page.waitForURL(/\/vip\/checkout\?order_no=/);
  await expect(page.getByTestId('order-amount')).toContainText('¥59.00');
  await expect(page.getByTestId('order-countdown')).toContainText('超时订单将自动关闭');
  // a method is picked from the start, and the line beside 支付订单 names the amount (once printed a bare 0)
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
  const payRow = page.getByRole('button', { name: '支付订单' }).locator('..');
  await expect(payRow).toHaveText(/^支付订单应付 ¥59\.00$/);
  await page.getByLabel('支付宝支付').check();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: '支付订单' }).click();
  const cashier = await popup;
  await expect(cashier.locator('#amount')).toHaveText('59.00'); // the fake verified the RSA2 request signature
  await cashier.getByRole('button', { name: '确认付款' }).click();
  await cashier.waitForURL(/\/vip\/checkout\?order_no=/);
  await cashier.close();
  await expect(page.getByTestId('order-status')).toHaveText('已支付');

  await page.goto('/member/order');
  await expect(page.getByTestId('member-orders')).toContainText('季卡VIP');
  await expect(page.getByTestId('member-orders')).toContainText('已支付');
  await expect(page.getByTestId('vip-badge')).toBeVisible();
});

test('a member recharges credits with WeChat Pay: QR on the checkout page, paid by the fake', async ({ page }) => {
  await login(page, member, PASSWORD, '/member/credit');
  const before = Number(await page.getByTestId('credit-balance').textContent());
  await page.getByTestId('header-username').click();
  await page.getByRole('menuitem', { name: '积分充值' }).click();
  const dialog = page.locator('[data-recharge-dialog]');
  await expect(dialog).toBeVisible();
  // the menu closes behind the dialog; a ladder of amounts, the first one and a payment method picked
  await expect(page.getByRole('menuitem', { name: '积分充值' })).toBeHidden();
  // 10/30/50/100/200 元, all at the 9折 the `10:9` line gives from 10 元 up
  await expect(dialog.locator('[data-amount]')).toHaveText([/¥9\.00/, /¥27\.00/, /¥45\.00/, /¥90\.00/, /¥180\.00/]);
  await expect(dialog.locator('[data-amount="10"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByLabel('微信支付')).toBeChecked();
  await dialog.locator('[data-amount="200"]').click();
  await expect(dialog.locator('[data-recharge-summary]')).toContainText('获得 2000 积分');
  await dialog.locator('[data-recharge-custom]').fill('10');
  await expect(dialog.locator('[data-recharge-summary]')).toContainText('获得 100 积分，实付 ¥9.00');
  await dialog.getByRole('button', { name: '立即充值' }).click();
  await page.waitForURL(/\/vip\/checkout\?order_no=/);
  const orderNo = new URL(page.url()).searchParams.get('order_no')!;
  await expect(page.getByLabel('微信支付')).toBeChecked(); // the method picked in the dialog
  await page.getByRole('button', { name: '支付订单' }).click();
  await expect(page.getByTestId('wechat-qr')).toBeVisible();
  // the payer scans and pays: the fake sends the signed, encrypted notify
  const paid = await fetch(`${wechat.url}/pay/${orderNo}`, { method: 'POST' });
  expect((await paid.json()).notified).toBe(204);
  await expect(page.getByTestId('order-status')).toHaveText('已支付');
  await page.goto('/member/credit');
  await expect(page.getByTestId('credit-balance')).toHaveText(String(before + 100));
  await expect(page.getByTestId('member-credits')).toContainText(`充值100积分（订单 ${orderNo}）`);
});

test('a VIP downloads a VIP document and the quota drops', async ({ page, request }) => {
  const admin = await adminToken(request);
  const cat = await createCategory(request, admin, unique('VIP分类'));
  const doc = await publishFixture(request, admin, 'tests/fixtures/chinese-8pages.pdf', unique('VIP资料'), cat, 5);
  await apiCall(request, admin, 'PUT', '/document/vip', { document_id: [doc.id], is_vip: true });
  await login(page, member, PASSWORD, '/member/vip');
  await expect(page.getByTestId('member-vip')).toContainText('季卡VIP');
  await page.goto(`/library/fallback?uuid=${doc.uuid}`);
  await page.waitForURL(new RegExp(doc.uuid));
  const download = page.waitForEvent('download');
  await page.getByTestId('doc-vip-download').click();
  await download;
  const vips = await apiCall<{ user_vip: Array<{ download_used?: number }> }>(request, memberToken, 'GET', '/user/vip');
  expect(vips.user_vip[0]!.download_used).toBe(1);
  // 我的VIP: 专享免费下载 3, 已用专享下载 1
  await page.goto('/member/vip');
  const cells = page.getByTestId('member-vip').locator('tr.ant-table-row').first().locator('td');
  await expect(cells.nth(2)).toHaveText('3');
  await expect(cells.nth(3)).toHaveText('1');
});

test('closing the 文档下载 dialog leaves no order; confirming buys the document once', async ({ page, request }) => {
  const admin = await adminToken(request);
  const cat = await createCategory(request, admin, unique('付费分类'));
  const doc = await publishFixture(request, admin, 'tests/fixtures/chinese-8pages.pdf', unique('付费资料'), cat, 7);
  const name = unique('buyer');
  const buyer = await registerMember(request, name, PASSWORD);
  await apiCall(request, admin, 'POST', '/order/system/recharge', { user_id: buyer.id, credit: 50, remark: '测试' });
  const balance = async () => (await apiCall<{ credit_count: number }>(request, buyer.token, 'GET', '/user')).credit_count;
  const before = await balance();
  const orders = async () =>
    (await apiCall<{ order?: Array<{ status: number }> }>(request, buyer.token, 'GET', '/user/order')).order ?? [];

  await login(page, name, PASSWORD, '/member');
  await page.goto(`/library/fallback?uuid=${doc.uuid}`);
  await page.waitForURL(new RegExp(doc.uuid));
  const dialog = page.getByTestId('pay-dialog');
  for (let i = 0; i < 2; i++) {
    await page.getByTestId('doc-download').click();
    await expect(dialog).toContainText('7 积分');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toHaveCount(0);
  }
  expect(await orders()).toEqual([]);

  await page.getByTestId('doc-download').click();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '确认支付并下载' }).click();
  await download;
  expect((await orders()).map((o) => o.status)).toEqual([2]);
  expect(await balance()).toBe(before - 7);
});

test('a member signs in daily and cannot twice', async ({ page }) => {
  const name = unique('sign');
  await registerMember(page.request, name, PASSWORD);
  await login(page, name, PASSWORD, '/member/credit');
  const before = Number(await page.getByTestId('credit-balance').textContent());
  const button = page.getByTestId('member-credits').getByTestId('sign-button');
  await expect(button).toHaveText('每日签到');
  await button.click();
  await expect(button).toHaveText('今日已签到');
  await expect(button).toBeDisabled();
  await expect(page.getByTestId('credit-balance')).toHaveText(String(before + 2));
  await page.reload();
  await expect(page.getByTestId('member-credits').getByTestId('sign-button')).toBeDisabled();
  await expect(page.getByTestId('member-credits')).toContainText('每日签到');
  // on a phone the reason leads its row, with the time and the balance beneath, in view without scrolling sideways
  await page.setViewportSize(PHONE);
  const reason = page.getByTestId('credit-row-reason').first();
  await expect(reason).toContainText('每日签到');
  await expect(reason).toContainText(`余额 ${before + 2}`);
  const box = (await reason.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
});

test('the admin sees the orders and the member VIP in the back office', async ({ page }) => {
  await login(page, 'admin', E2E_ADMIN_PASSWORD, '/admin/order');
  await expect(page.locator('.ant-table-tbody')).toContainText(member);
  await expect(page.locator('.ant-table-tbody')).toContainText('季卡VIP');
  await expect(page.locator('.ant-table-tbody')).toContainText('支付宝');
  await page.goto('/admin/user/vip');
  await expect(page.locator('.ant-table-tbody')).toContainText(member);
  await expect(page.locator('.ant-table-tbody')).toContainText('季卡VIP');
});
