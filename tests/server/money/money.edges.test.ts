import { expect } from 'vitest';
import { MAX_CREDIT_BALANCE, MAX_EXCHANGE_RATE, REFUND_STATUS } from '../../../src/domain/money.ts';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { creditOf } from '../support/documents.ts';
import { FakeAlipay } from '../support/fake-alipay.ts';
import { FakeWechatPay } from '../support/fake-wechatpay.ts';
import { createOrder, ledgerMatchesBalances, payOrder, usePaymentFakes } from '../support/money.ts';
import { changeCredit } from '../../../src/server/modules/credit/credit.repo.ts';
import { SETTINGS } from '../../../src/domain/settings/index.ts';

describeEachDialect('money at the edges on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let alipay: FakeAlipay;
  let wechat: FakeWechatPay;
  onStart(async (ready) => {
    ({ t, admin } = ready);
    ({ alipay, wechat } = await usePaymentFakes(t));
  });

  const configItem = async (category: string, name: string) =>
    (
      (await t.call({ url: `/api/v1/config/list?category=${category}`, token: admin })).body.config as Array<{ name: string }>
    ).find((c) => c.name === name)!;

  it('refuses an exchange rate or a number setting past its bound, with the range in the reason', async () => {
    const rate = await configItem('pay', 'exchange_rate');
    const save = (value: string) =>
      t.call({ method: 'PUT', url: '/api/v1/config', token: admin, payload: { config: [{ ...rate, value }] } });
    const refused = await save('1000000000000000');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`0 到 ${MAX_EXCHANGE_RATE}`);
    expect(await t.ctx.settings.get(SETTINGS.pay.exchange_rate)).toBe(10);
    expect((await save(String(MAX_EXCHANGE_RATE))).status).toBe(200);
    await t.setConfig('pay', 'exchange_rate', '10');
  });

  it('keeps every balance below the bound: a change past it is refused whole, the ledger stays whole', async () => {
    const m = await t.member();
    // a balance near the bound, as years of credits could make it, through the ledger
    await changeCredit(t.ctx.db, { userId: m.id, amount: MAX_CREDIT_BALANCE - 5 - (await creditOf(t, m.id)), reason: '测试' });
    expect(await ledgerMatchesBalances(t)).toBe(true);
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/order/system/recharge',
      token: admin,
      payload: { user_id: m.id, credit: 10, remark: '测试' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('积分余额将超出上限');
    expect(await creditOf(t, m.id)).toBe(MAX_CREDIT_BALANCE - 5);
    expect(await ledgerMatchesBalances(t)).toBe(true);
    const stored = await t.ctx.db.selectFrom('users').select('credit_count').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(Number.isSafeInteger(stored.credit_count)).toBe(true);
  });

  it('refuses a recharge order whose credits an unbounded old rate would make too large', async () => {
    const m = await t.member();
    await t.setConfig('pay', 'exchange_rate', '1000000000000000');
    const res = await t.call({ method: 'POST', url: '/api/v1/order', token: m.token, payload: { order_type: 3, quantity: 1 } });
    await t.setConfig('pay', 'exchange_rate', '10');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`不能超过 ${MAX_CREDIT_BALANCE}`);
    expect(await t.ctx.db.selectFrom('orders').select('id').where('user_id', '=', m.id).execute()).toEqual([]);
  });

  it('marks an order paid through two providers 需退款 with the second trade number, delivered once', async () => {
    const m = await t.member();
    const before = await creditOf(t, m.id);
    const o = await createOrder(t, m.token, { order_type: 3, quantity: 2 });
    expect((await payOrder(t, m.token, o.order_no, 2)).status).toBe(200);
    await fetch((await payOrder(t, m.token, o.order_no, 2)).body.payment_url); // the Alipay cashier records the trade
    expect((await payOrder(t, m.token, o.order_no, 1)).status).toBe(200); // and WeChat's
    await fetch(`${alipay.url}/pay/${o.order_no}`, { method: 'POST', redirect: 'manual' });
    const paid = await fetch(`${wechat.url}/pay/${o.order_no}`, { method: 'POST' });
    expect((await paid.json()).notified).toBe(204);
    const row = await t.ctx.db.selectFrom('orders').selectAll().where('order_no', '=', o.order_no).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 2, payment_type: 2, refund_status: REFUND_STATUS.needed, refund_payment_type: 1 });
    expect(row.refund_trade_no).not.toBe('');
    expect(row.refund_trade_no).not.toBe(row.trade_no);
    expect(await creditOf(t, m.id)).toBe(before + 20);
    // the same second notify again changes nothing more
    expect(await wechat.notify(wechat.trades.get(o.order_no)!)).toBe(204);
    expect(await creditOf(t, m.id)).toBe(before + 20);
    // admins see it in the order list
    const list = await t.call({ url: `/api/v1/order/list?wd=${o.order_no}`, token: admin });
    expect(list.body.order.find((x: { order_no: string }) => x.order_no === o.order_no)).toMatchObject({
      refund_status: REFUND_STATUS.needed,
      refund_trade_no: row.refund_trade_no,
    });
    expect(await ledgerMatchesBalances(t)).toBe(true);
  });
});
