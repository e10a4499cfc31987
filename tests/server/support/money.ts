import type { TestApp } from './app.ts';
import { FakeAlipay } from './fake-alipay.ts';
import { FakeWechatPay } from './fake-wechatpay.ts';
import { listen } from './http.ts';

/** Turns VIP on with cheap plans: month 100 fen, quarter 300, year 1200; 1 元 = `rate` credits. */
export async function enableVip(
  t: TestApp,
  opts: { creditPay?: boolean; rate?: number; download?: number; times?: number } = {},
) {
  await t.setConfig('vip', 'enable', 'true');
  await t.setConfig('vip', 'enable_credit_pay', String(opts.creditPay ?? true));
  await t.setConfig('pay', 'exchange_rate', String(opts.rate ?? 1));
  for (const [key, price] of [
    ['year', 1200],
    ['quarter', 300],
    ['month', 100],
  ] as const) {
    await t.setConfig('vip', `${key}_price`, String(price));
    await t.setConfig('vip', `${key}_download`, String(opts.download ?? 2));
    await t.setConfig('vip', `${key}_times_every_day`, String(opts.times ?? 0));
  }
}

/** Sets a member's balance through the admin adjustment, so the ledger stays whole. */
export async function setCredit(t: TestApp, admin: string, userId: number, credit: number): Promise<void> {
  const row = await t.ctx.db.selectFrom('users').select('credit_count').where('id', '=', userId).executeTakeFirstOrThrow();
  const diff = credit - row.credit_count;
  if (!diff) return;
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/order/system/recharge',
    token: admin,
    payload: { user_id: userId, credit: diff, remark: '测试' },
  });
  if (res.status !== 200) throw new Error(`adjust failed: ${JSON.stringify(res.body)}`);
}

/** Every user's balance equals the sum of its ledger rows. */
export async function ledgerMatchesBalances(t: TestApp): Promise<boolean> {
  const rows = await t.ctx.db
    .selectFrom('users as u')
    .leftJoin('credit_logs as l', 'l.user_id', 'u.id')
    .select(['u.id', 'u.credit_count', (eb) => eb.fn.coalesce(eb.fn.sum<number>('l.amount'), eb.lit(0)).as('sum')])
    .groupBy(['u.id', 'u.credit_count'])
    .execute();
  return rows.every((r) => Number(r.sum) === r.credit_count);
}

export async function createOrder(t: TestApp, token: string, payload: Record<string, unknown>) {
  const res = await t.call({ method: 'POST', url: '/api/v1/order', token, payload });
  if (res.status !== 200) throw new Error(`order failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { order_no: string; amount: number; status: number; [k: string]: unknown };
}

export const payOrder = (
  t: TestApp,
  token: string,
  order_no: string,
  payment_type: number,
  extra: Record<string, unknown> = {},
) => t.call({ method: 'POST', url: '/api/v1/order/pay', token, payload: { order_no, payment_type, ...extra } });

/** Points the `pay` settings at a fake Alipay (and turns Alipay on). */
export async function pointAtFakeAlipay(t: TestApp, fake: FakeAlipay) {
  await t.setConfig('pay', 'enable_alipay', 'true');
  await t.setConfig('pay', 'alipay_appid', fake.appId);
  await t.setConfig('pay', 'alipay_private_key', fake.app.privateKey);
  await t.setConfig('pay', 'alipay_public_key', fake.alipay.publicKey);
  await t.setConfig('pay', 'alipay_gateway', fake.gateway);
}

/** Points the `pay` settings at a fake WeChat Pay (and turns WeChat Pay on). */
export async function pointAtFakeWechat(t: TestApp, fake: FakeWechatPay) {
  await t.setConfig('pay', 'enable_wechat', 'true');
  await t.setConfig('pay', 'wechat_appid', fake.appid);
  await t.setConfig('pay', 'wechat_mchid', fake.mchid);
  await t.setConfig('pay', 'wechat_serial_no', fake.merchantSerial);
  await t.setConfig('pay', 'wechat_private_key', fake.merchant.privateKey);
  await t.setConfig('pay', 'wechat_api_key', fake.apiV3Key);
  await t.setConfig('pay', 'wechat_platform_key', fake.platform.publicKey);
  await t.setConfig('pay', 'wechat_platform_serial', fake.platformSerial);
  await t.setConfig('pay', 'wechat_gateway', fake.url);
}

/**
 * Makes the test app a payment site: listening on a real port (the fakes notify it there), both
 * payment fakes in use (closed with the app), recharge on at 1 元 = 10 credits.
 */
export async function usePaymentFakes(t: TestApp) {
  const port = await listen(t);
  await t.setConfig('system', 'domain', `http://127.0.0.1:${port}`);
  const alipay = await new FakeAlipay().start();
  const wechat = await new FakeWechatPay().start();
  t.closeWith(alipay);
  t.closeWith(wechat);
  await pointAtFakeAlipay(t, alipay);
  await pointAtFakeWechat(t, wechat);
  await t.setConfig('score', 'enable_recharge', 'true');
  await t.setConfig('pay', 'exchange_rate', '10');
  return { alipay, wechat };
}
