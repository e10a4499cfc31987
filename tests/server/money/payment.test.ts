import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { creditOf } from '../support/documents.ts';
import { FakeAlipay } from '../support/fake-alipay.ts';
import { FakeWechatPay } from '../support/fake-wechatpay.ts';
import { createOrder, enableVip, ledgerMatchesBalances, payOrder, usePaymentFakes } from '../support/money.ts';
import { SETTINGS } from '../../../src/domain/settings/index.ts';

const otherKey = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describeEachDialect('Alipay and WeChat Pay against local fakes on %s', { admin: false, member: false }, () => {
  let t: TestApp;
  let alipay: FakeAlipay;
  let wechat: FakeWechatPay;
  onStart(async (ready) => {
    ({ t } = ready);
    ({ alipay, wechat } = await usePaymentFakes(t));
    await enableVip(t, { rate: 10 }); // VIP plans; the rate stays what usePaymentFakes set
  });

  const orderRow = (no: string) => t.ctx.db.selectFrom('orders').selectAll().where('order_no', '=', no).executeTakeFirstOrThrow();
  const logs = (no: string) =>
    t.ctx.db
      .selectFrom('payment_logs')
      .select('outcome')
      .where('order_no', '=', no)
      .orderBy('id')
      .execute()
      .then((r) => r.map((x) => x.outcome));
  const vipsOf = (no: string) => t.ctx.db.selectFrom('user_vips').select('id').where('order_no', '=', no).execute();

  it('Alipay page pay: a signed cashier address, paid by the fake, notified once, replays change nothing', async () => {
    const m = await t.member();
    const o = await createOrder(t, m.token, { order_type: 2, product_id: 1 });
    const res = await payOrder(t, m.token, o.order_no, 2);
    expect(res.status).toBe(200);
    expect(res.body.payment_url.startsWith(`${alipay.gateway}?`)).toBe(true);
    expect(new URL(res.body.payment_url).searchParams.get('method')).toBe('alipay.trade.page.pay');
    const page = await fetch(res.body.payment_url);
    expect(page.status).toBe(200); // the fake checked the app's RSA2 signature
    expect(await page.text()).toContain('<b id="amount">3.00</b>');
    expect((await orderRow(o.order_no)).status).toBe(1);

    const paid = await fetch(`${alipay.url}/pay/${o.order_no}`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toContain(`/vip/checkout?order_no=${o.order_no}`);
    expect(await orderRow(o.order_no)).toMatchObject({
      status: 2,
      payment_type: 2,
      trade_no: alipay.trades.get(o.order_no)!.trade_no,
    });
    expect(await vipsOf(o.order_no)).toHaveLength(1);
    // the same notify again: answered success, paid once
    expect(await alipay.notify(alipay.trades.get(o.order_no)!)).toBe('success');
    expect(await vipsOf(o.order_no)).toHaveLength(1);
    expect(await logs(o.order_no)).toEqual(['paid', 'duplicate']);
    // wap pay on mobile
    const o2 = await createOrder(t, m.token, { order_type: 2, product_id: 2 });
    const wap = await payOrder(t, m.token, o2.order_no, 2, { is_wap: true });
    expect(new URL(wap.body.payment_url).searchParams.get('method')).toBe('alipay.trade.wap.pay');
  });

  it('Alipay: forged, wrong-amount, unknown-order and not-paid notifies change nothing and are logged', async () => {
    const m = await t.member();
    const o = await createOrder(t, m.token, { order_type: 3, quantity: 5 });
    await payOrder(t, m.token, o.order_no, 2);
    expect((await fetch((await payOrder(t, m.token, o.order_no, 2)).body.payment_url)).status).toBe(200);
    const trade = alipay.trades.get(o.order_no)!;
    const before = await creditOf(t, m.id);
    expect(await alipay.notify(trade, alipay.notifyFields(trade, {}, otherKey()))).toBe('fail');
    const tampered = alipay.notifyFields(trade);
    tampered.total_amount = '0.01';
    expect(await alipay.notify(trade, tampered)).toBe('fail');
    expect(await alipay.notify(trade, alipay.notifyFields(trade, { total_amount: '0.01' }))).toBe('fail');
    expect(await alipay.notify(trade, alipay.notifyFields(trade, { out_trade_no: '20990101000000000000000000' }))).toBe('fail');
    expect(await alipay.notify(trade, alipay.notifyFields(trade, { app_id: '2021999999999999' }))).toBe('fail');
    expect(await alipay.notify(trade, alipay.notifyFields(trade, { trade_status: 'WAIT_BUYER_PAY' }))).toBe('success');
    expect((await orderRow(o.order_no)).status).toBe(1);
    expect(await creditOf(t, m.id)).toBe(before);
    expect(await logs(o.order_no)).toEqual(['bad_signature', 'bad_signature', 'amount_mismatch', 'wrong_app', 'not_paid']);
    expect(await logs('20990101000000000000000000')).toEqual(['unknown_order']);
  });

  it('Alipay: 50 notifies of one payment at once pay it once; the ledger sums to the balances', async () => {
    const m = await t.member();
    const o = await createOrder(t, m.token, { order_type: 3, quantity: 5 });
    expect(o).toMatchObject({ amount: 500, credit: 50 });
    await fetch((await payOrder(t, m.token, o.order_no, 2)).body.payment_url);
    const trade = alipay.trades.get(o.order_no)!;
    const before = await creditOf(t, m.id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => alipay.notify(trade)));
    expect(answers.every((a) => a === 'success')).toBe(true);
    expect(await creditOf(t, m.id)).toBe(before + 50);
    expect((await logs(o.order_no)).filter((x) => x === 'paid')).toHaveLength(1);
    expect(await ledgerMatchesBalances(t)).toBe(true);
  });

  it('Alipay: when the notify never comes, the status poll asks alipay.trade.query', async () => {
    const m = await t.member();
    const o = await createOrder(t, m.token, { order_type: 2, product_id: 2 });
    await fetch((await payOrder(t, m.token, o.order_no, 2)).body.payment_url);
    expect((await t.call({ url: `/api/v1/order/status?order_no=${o.order_no}`, token: m.token })).body.status).toBe(1);
    alipay.trades.get(o.order_no)!.status = 'TRADE_SUCCESS'; // paid, but the notify is lost
    expect((await t.call({ url: `/api/v1/order/status?order_no=${o.order_no}`, token: m.token })).body.status).toBe(2);
    expect(await vipsOf(o.order_no)).toHaveLength(1);
  });

  it('WeChat Pay Native: a signed request gives a code_url; the payment notify is verified and decrypted', async () => {
    const m = await t.member();
    const o = await createOrder(t, m.token, { order_type: 3, quantity: 2 });
    const res = await payOrder(t, m.token, o.order_no, 1);
    expect(res.status).toBe(200);
    expect(res.body.code_url).toBe(`weixin://wxpay/bizpayurl?pr=${o.order_no}`);
    expect(wechat.trades.get(o.order_no)).toMatchObject({
      total: 200,
      notify_url: `${await t.ctx.settings.get(SETTINGS.system.domain)}/api/v1/callback/wechatpay`,
    });
    const before = await creditOf(t, m.id);
    const paid = await fetch(`${wechat.url}/pay/${o.order_no}`, { method: 'POST' });
    expect((await paid.json()).notified).toBe(204);
    expect(await orderRow(o.order_no)).toMatchObject({ status: 2, payment_type: 1 });
    expect(await creditOf(t, m.id)).toBe(before + 20);
    // replayed: answered, paid once
    expect(await wechat.notify(wechat.trades.get(o.order_no)!)).toBe(204);
    expect(await creditOf(t, m.id)).toBe(before + 20);
    const log = (await t.call({ url: '/api/v1/user/credit/log', token: m.token })).body.credit_log[0];
    expect(log).toMatchObject({ amount: 20, reason: `充值20积分（订单 ${o.order_no}）`, ref_type: 'order' });
    // H5 on mobile
    const o2 = await createOrder(t, m.token, { order_type: 3, quantity: 1 });
    expect((await payOrder(t, m.token, o2.order_no, 1, { is_wap: true })).body.payment_url).toBe(
      `${wechat.url}/h5/${o2.order_no}`,
    );
  });

  it('WeChat Pay: forged, stale, wrong-key, wrong-amount and unknown-order notifies change nothing', async () => {
    const m = await t.member();
    const o = await createOrder(t, m.token, { order_type: 3, quantity: 3 });
    await payOrder(t, m.token, o.order_no, 1);
    const trade = wechat.trades.get(o.order_no)!;
    trade.state = 'SUCCESS';
    const before = await creditOf(t, m.id);
    const body = wechat.notifyBody(trade);
    expect(await wechat.notify(trade, body, wechat.signedHeaders(body, { key: otherKey() }))).toBe(400);
    expect(
      await wechat.notify(trade, body, wechat.signedHeaders(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 })),
    ).toBe(400);
    expect(await wechat.notify(trade, body, wechat.signedHeaders(body, { serial: 'SOMEONE_ELSE' }))).toBe(400);
    const signed = wechat.signedHeaders(body);
    expect(await wechat.notify(trade, body.replace('"summary":"支付成功"', '"summary":"x"'), signed)).toBe(400);
    expect(await wechat.notify(trade, wechat.notifyBody(trade, {}, 'k'.repeat(32)))).toBe(400);
    expect(await wechat.notify(trade, wechat.notifyBody(trade, { amount: { total: 1 } }))).toBe(400);
    expect(await wechat.notify(trade, wechat.notifyBody(trade, { out_trade_no: '20990101000000000000000001' }))).toBe(400);
    expect(await wechat.notify(trade, wechat.notifyBody(trade, { mchid: '1900000000' }))).toBe(400);
    expect((await orderRow(o.order_no)).status).toBe(1);
    expect(await creditOf(t, m.id)).toBe(before);
    expect(await logs(o.order_no)).toEqual(['amount_mismatch', 'wrong_merchant']);
    const bad = await t.ctx.db
      .selectFrom('payment_logs')
      .select('outcome')
      .where('provider', '=', 'wechat')
      .where('outcome', '=', 'bad_signature')
      .execute();
    expect(bad.length).toBeGreaterThanOrEqual(5);
    // and the status poll finds the payment with the trade query
    expect((await t.call({ url: `/api/v1/order/status?order_no=${o.order_no}`, token: m.token })).body.status).toBe(2);
    expect(await creditOf(t, m.id)).toBe(before + 30);
  });

  it('WeChat Pay refuses requests signed with the wrong merchant key', async () => {
    const m = await t.member();
    const o = await createOrder(t, m.token, { order_type: 3, quantity: 1 });
    await t.setConfig('pay', 'wechat_private_key', otherKey());
    try {
      const res = await payOrder(t, m.token, o.order_no, 1);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('微信下单失败，请稍后再试');
      expect(wechat.refused).toContain('/v3/pay/transactions/native');
    } finally {
      await t.setConfig('pay', 'wechat_private_key', wechat.merchant.privateKey);
    }
  });
});
