import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { category, creditOf, publish, setStatus } from '../support/documents.ts';
import { createOrder, enableVip, ledgerMatchesBalances, payOrder, setCredit } from '../support/money.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('orders, credit payments and VIP on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let cat: number;

  onStart(async (ready) => {
    ({ t, admin } = ready);
    cat = await category(t, admin, '订单分类');
    await enableVip(t);
  });

  const paidDoc = async (owner: { token: string }, price: number) => {
    const d = await publish(t, owner.token, [cat], { price, title: `付费文档${price}` });
    await setStatus(t, d.id, 2);
    return d;
  };

  it('prices a VIP order on the server, pays it with credits and starts the membership', async () => {
    const m = await t.member();
    await setCredit(t, admin, m.id, 5);
    const order = await createOrder(t, m.token, { order_type: 2, product_id: 1, amount: 1, price: 1 });
    expect(order).toMatchObject({ order_type: 2, product_id: 1, product_name: '季卡VIP', price: 300, amount: 300, status: 1 });
    expect(order.order_no).toMatch(/^\d{26}$/);
    expect(Date.parse(String(order.closed_at))).toBeGreaterThan(Date.now());
    const paid = await payOrder(t, m.token, order.order_no, 5);
    expect(paid.status).toBe(200);
    expect(paid.body.order_status).toBe(2);
    expect(await creditOf(t, m.id)).toBe(2); // 300 fen at 1 credit per 元
    expect((await t.call({ url: `/api/v1/order/status?order_no=${order.order_no}`, token: m.token })).body).toMatchObject({
      status: 2,
      payment_type: 5,
    });
    expect((await t.call({ url: '/api/v1/user', token: m.token })).body.is_vip).toBe(true);
    const vips = (await t.call({ url: '/api/v1/user/vip', token: m.token })).body;
    expect(vips.total).toBe(1);
    expect(vips.user_vip[0]).toMatchObject({ type: 1, download: 2, order_no: order.order_no });
    expect(vips.user_vip[0].download_used ?? 0).toBe(0); // zero values are left out of the wire
    const days = (Date.parse(vips.user_vip[0].expired_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThan(93);
    expect((await t.call({ url: `/api/v1/user/vip/order?order_no=${order.order_no}`, token: m.token })).body).toMatchObject({
      download: 2,
    });
    const list = await t.call({ url: `/api/v1/uservip/list?user_id=${m.id}`, token: admin });
    expect(list.body.user_vip[0]).toMatchObject({ user_id: m.id, username: m.username, type: 1 });
    expect((await t.call({ url: '/api/v1/uservip/list', token: m.token })).status).toBe(403);
    // paid twice? no
    expect((await payOrder(t, m.token, order.order_no, 5)).body.message).toBe('订单已支付或已关闭');
    expect(await creditOf(t, m.id)).toBe(2);
  });

  it('refuses bad orders with Chinese messages and nothing written', async () => {
    const m = await t.member();
    const bad = await t.call({ method: 'POST', url: '/api/v1/order', token: m.token, payload: { order_type: 9 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('不支持的订单类型');
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/order', token: m.token, payload: { order_type: 2, product_id: 7 } })).body
        .message,
    ).toBe('VIP套餐不存在');
    expect((await t.call({ method: 'POST', url: '/api/v1/order', payload: { order_type: 2, product_id: 0 } })).status).toBe(401);
    const recharge = await t.call({
      method: 'POST',
      url: '/api/v1/order',
      token: m.token,
      payload: { order_type: 3, quantity: 10 },
    });
    expect(recharge.status).toBe(403);
    expect(recharge.body.message).toBe('本站暂未开放积分充值');
    const n = await t.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it('prices recharges from the discount lines and never lets credits pay them', async () => {
    await t.setConfig('score', 'enable_recharge', 'true');
    await t.setConfig('score', 'recharge_discount', '50:9\n100:8.5');
    await t.setConfig('pay', 'exchange_rate', '10');
    try {
      const m = await t.member();
      const small = await createOrder(t, m.token, { order_type: 3, quantity: 20 });
      expect(small.coupon_amount ?? 0).toBe(0);
      expect(small).toMatchObject({ amount: 2000, credit: 200, quantity: 20, product_name: '充值200积分' });
      const big = await createOrder(t, m.token, { order_type: 3, quantity: 100 });
      expect(big).toMatchObject({ amount: 8500, coupon_amount: 1500, credit: 1000 });
      expect((await payOrder(t, m.token, big.order_no, 5)).body.message).toBe('积分充值订单不能使用积分支付');
      const settings = (await t.call({ url: '/api/v1/settings/recharge' })).body;
      expect(settings).toMatchObject({ enable: true, credit_name: '积分', credit_exchange: 10 });
    } finally {
      await t.setConfig('pay', 'exchange_rate', '1');
    }
  });

  it('50 credit purchases at once with credit for 10: exactly 10 succeed, the ledger sums to the balances', async () => {
    const m = await t.member();
    await setCredit(t, admin, m.id, 10);
    const orders = [];
    for (let i = 0; i < 50; i++) orders.push(await createOrder(t, m.token, { order_type: 2, product_id: 2 }));
    const results = await Promise.all(orders.map((o) => payOrder(t, m.token, o.order_no, 5)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.message === '您的积分不足，需要 1 积分')).toBe(true);
    expect(await creditOf(t, m.id)).toBe(0);
    const paid = await t.ctx.db
      .selectFrom('orders')
      .select('status')
      .where('user_id', '=', m.id)
      .where('status', '=', 2)
      .execute();
    expect(paid).toHaveLength(10);
    const vips = await t.ctx.db.selectFrom('user_vips').select('id').where('user_id', '=', m.id).execute();
    expect(vips).toHaveLength(10);
    expect(await ledgerMatchesBalances(t)).toBe(true);
  });

  it('one order paid 50 times at once is paid and charged once', async () => {
    const m = await t.member();
    await setCredit(t, admin, m.id, 100);
    const o = await createOrder(t, m.token, { order_type: 2, product_id: 0 });
    const results = await Promise.all(Array.from({ length: 50 }, () => payOrder(t, m.token, o.order_no, 5)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await creditOf(t, m.id)).toBe(88);
    expect(await t.ctx.db.selectFrom('user_vips').select('id').where('order_no', '=', o.order_no).execute()).toHaveLength(1);
    expect(await ledgerMatchesBalances(t)).toBe(true);
  });

  it('buys a document with credits: the uploader earns, re-downloads are free, VIPs get their discount', async () => {
    const up = await t.member();
    const buyer = await t.member();
    await setCredit(t, admin, buyer.id, 20);
    const d = await paidDoc(up, 10);
    const upBefore = await creditOf(t, up.id);
    // the 文档下载 dialog asks the price first: nothing is written until the member confirms
    const quote = (token: string) => t.call({ url: `/api/v1/order/document/quote?document_id=${d.id}`, token });
    expect((await quote(buyer.token)).body).toMatchObject({ price: 10, amount: 10 });
    expect((await quote(buyer.token)).body.paid ?? false).toBe(false);
    expect((await t.call({ url: '/api/v1/user/order', token: buyer.token })).body.total ?? 0).toBe(0);
    expect((await quote(up.token)).body.message).toBe('这是您自己上传的文档，可以直接下载');
    const order = await createOrder(t, buyer.token, { order_type: 1, product_id: d.id });
    expect(order).toMatchObject({ order_type: 1, price: 10, amount: 10, product_uuid: d.uuid, status: 1 });
    // asking again gives the same pending order
    expect((await createOrder(t, buyer.token, { order_type: 1, product_id: d.id })).order_no).toBe(order.order_no);
    expect((await payOrder(t, buyer.token, order.order_no, 2)).body.message).toBe('文档请使用积分购买');
    expect((await payOrder(t, buyer.token, order.order_no, 5)).status).toBe(200);
    expect(await creditOf(t, buyer.id)).toBe(10);
    expect(await creditOf(t, up.id)).toBe(upBefore + 10);
    for (let i = 0; i < 2; i++) {
      const dl = await t.call({ url: `/api/v1/document/download?id=${d.id}`, token: buyer.token });
      expect(dl.status).toBe(200);
    }
    expect(await creditOf(t, buyer.id)).toBe(10);
    expect((await quote(buyer.token)).body.paid).toBe(true);
    // bought before: the paid order comes back
    expect((await createOrder(t, buyer.token, { order_type: 1, product_id: d.id })).status).toBe(2);
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/order', token: up.token, payload: { order_type: 1, product_id: d.id } })).body
        .message,
    ).toBe('这是您自己上传的文档，可以直接下载');

    // a VIP (month plan, 9折) pays 9 for a 10-credit document
    await t.setConfig('vip', 'month_document_discount', '9');
    const vip = await t.member();
    await setCredit(t, admin, vip.id, 20);
    await payOrder(t, vip.token, (await createOrder(t, vip.token, { order_type: 2, product_id: 2 })).order_no, 5);
    expect((await t.call({ url: `/api/v1/order/document/quote?document_id=${d.id}`, token: vip.token })).body).toMatchObject({
      price: 10,
      amount: 9,
    });
    const o2 = await createOrder(t, vip.token, { order_type: 1, product_id: d.id });
    expect(o2).toMatchObject({ price: 10, amount: 9, coupon_amount: 1 });
    expect(await ledgerMatchesBalances(t)).toBe(true);
  });

  it('closes an unpaid order when its time runs out, and lets members close and delete theirs', async () => {
    const m = await t.member();
    const o = await createOrder(t, m.token, { order_type: 2, product_id: 2 });
    // time passes: the deadline is now behind us
    await t.ctx.db
      .updateTable('orders')
      .set({ closed_at: new Date(Date.now() - 1000).toISOString() })
      .where('order_no', '=', o.order_no)
      .execute();
    const status = await t.call({ url: `/api/v1/order/status?order_no=${o.order_no}`, token: m.token });
    expect(status.body.status).toBe(3);
    expect((await payOrder(t, m.token, o.order_no, 5)).body.message).toBe('订单已支付或已关闭');

    const o2 = await createOrder(t, m.token, { order_type: 2, product_id: 2 });
    expect((await payOrder(t, m.token, o2.order_no, 2)).body.message).toBe('本站未开启支付宝支付');
    expect((await t.call({ method: 'DELETE', url: `/api/v1/order?order_no=${o2.order_no}`, token: m.token })).body.message).toBe(
      '只能删除已关闭的订单',
    );
    const closed = await t.call({
      method: 'PUT',
      url: '/api/v1/order/close',
      token: m.token,
      payload: { order_no: o2.order_no },
    });
    expect(closed.body.status).toBe(3);
    expect((await t.call({ url: '/api/v1/user/order?status=3', token: m.token })).body.total).toBe(2);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/order?order_no=${o2.order_no}`, token: m.token })).status).toBe(200);
    expect((await t.call({ url: '/api/v1/user/order', token: m.token })).body.total).toBe(1);
    // someone else's order does not exist for you
    const other = await t.member();
    expect((await t.call({ url: `/api/v1/order?order_no=${o.order_no}`, token: other.token })).status).toBe(404);
    // the back office still sees both, with filters
    const list = await t.call({ url: `/api/v1/order/list?wd=${m.username}&order_status=3&order_type=2`, token: admin });
    expect(list.body.total).toBe(2);
    expect(list.body.order[0].username).toBe(m.username);
    expect((await t.call({ url: '/api/v1/order/list', token: m.token })).status).toBe(403);
  });

  it('downloads VIP documents on the VIP quota, by priority, within the daily limit', async () => {
    const up = await t.member();
    const d1 = await paidDoc(up, 3);
    const d2 = await paidDoc(up, 3);
    const d3 = await paidDoc(up, 3);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/api/v1/document/vip',
          token: admin,
          payload: { document_id: [d1.id, d2.id, d3.id], is_vip: true },
        })
      ).status,
    ).toBe(200);
    expect((await t.call({ url: `/api/v1/document?id=${d1.id}` })).body.is_vip).toBe(true);
    const m = await t.member();
    expect((await t.call({ url: `/api/v1/document/download/vip?id=${d1.id}`, token: m.token })).body.message).toBe(
      '该文档为VIP专享文档，请先开通VIP',
    );
    await setCredit(t, admin, m.id, 100);
    await payOrder(t, m.token, (await createOrder(t, m.token, { order_type: 2, product_id: 2 })).order_no, 5);
    await payOrder(t, m.token, (await createOrder(t, m.token, { order_type: 2, product_id: 0 })).order_no, 5);
    const balance = await creditOf(t, m.id);
    for (const d of [d1, d2])
      expect((await t.call({ url: `/api/v1/document/download/vip?id=${d.id}`, token: m.token })).status).toBe(200);
    // the year plan went first
    const used = async (type: number) =>
      (
        (await t.call({ url: '/api/v1/user/vip', token: m.token })).body.user_vip as Array<{
          type?: number;
          download_used?: number;
        }>
      ).find((v) => (v.type ?? 0) === type)!.download_used ?? 0;
    expect(await used(0)).toBe(2);
    expect(await used(2)).toBe(0);
    expect((await t.call({ url: `/api/v1/document/download/vip?id=${d3.id}`, token: m.token })).status).toBe(200);
    expect(await used(2)).toBe(1);
    expect((await t.call({ url: `/api/v1/document/download/vip?id=${d3.id}`, token: m.token })).status).toBe(200);
    expect((await t.call({ url: `/api/v1/document/download/vip?id=${d3.id}`, token: m.token })).status).toBe(403);
    expect(await creditOf(t, m.id)).toBe(balance);
  });
});
