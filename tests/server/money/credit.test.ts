import { expect } from 'vitest';
import { creditOf } from '../support/documents.ts';
import { describeEachDialect, it } from '../support/fixture.ts';

describeEachDialect('credits, daily sign-in and the ledger on %s', { member: false }, () => {
  it('signs in once per calendar day with the configured reward, written to the ledger', async ({ t }) => {
    await t.setConfig('score', 'sign_in', '3');
    const m = await t.member();
    const before = await creditOf(t, m.id);
    const none = await t.call({ url: '/api/v1/user/sign', token: m.token });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('您今天还没有签到');
    // the site's own question answers 200 either way
    const state = await t.call({ url: '/api/v1/user/sign/today', token: m.token });
    expect(state.status).toBe(200);
    expect(state.body.signed ?? false).toBe(false);

    // many at once: exactly one counts
    const tries = await Promise.all(
      Array.from({ length: 10 }, () => t.call({ method: 'PUT', url: '/api/v1/user/sign', token: m.token })),
    );
    const ok = tries.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(tries.filter((r) => r.status === 409).every((r) => r.body.message === '您今天已经签到过了')).toBe(true);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).replaceAll('-', '');
    expect(ok[0]!.body).toMatchObject({ user_id: m.id, award: 3, sign_at: Number(day) });
    expect(await creditOf(t, m.id)).toBe(before + 3);
    expect((await t.call({ url: '/api/v1/user/sign', token: m.token })).body.sign_at).toBe(Number(day));
    expect((await t.call({ url: '/api/v1/user/sign/today', token: m.token })).body).toMatchObject({
      signed: true,
      sign_at: Number(day),
      award: 3,
    });
    expect((await t.call({ url: '/api/v1/user/sign/today' })).status).toBe(401);

    const log = await t.call({ url: '/api/v1/user/credit/log', token: m.token });
    expect(log.status).toBe(200);
    expect(log.body.credit_log[0]).toMatchObject({ amount: 3, balance: before + 3, reason: '每日签到', ref_type: 'sign' });
    expect(log.body.total).toBe(log.body.credit_log.length);
    expect((await t.call({ method: 'PUT', url: '/api/v1/user/sign' })).status).toBe(401);
  });

  it('counts the day in the site time zone', async ({ t }) => {
    await t.setConfig('system', 'timezone', 'Pacific/Kiritimati');
    try {
      const m = await t.member();
      const res = await t.call({ method: 'PUT', url: '/api/v1/user/sign', token: m.token });
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date()).replaceAll('-', '');
      expect(res.body.sign_at).toBe(Number(day));
    } finally {
      await t.setConfig('system', 'timezone', 'Asia/Shanghai');
    }
  });

  it('lets the admin add and take credits with a reason, never below zero', async ({ t, admin }) => {
    const m = await t.member();
    const start = await creditOf(t, m.id);
    const add = await t.call({
      method: 'POST',
      url: '/api/v1/order/system/recharge',
      token: admin,
      payload: { user_id: m.id, credit: 50, remark: '活动奖励' },
    });
    expect(add.status).toBe(200);
    expect(await creditOf(t, m.id)).toBe(start + 50);
    const take = await t.call({
      method: 'POST',
      url: '/api/v1/order/system/recharge',
      token: admin,
      payload: { user_id: m.id, credit: -(start + 51), remark: '违规扣除' },
    });
    expect(take.status).toBe(400);
    expect(take.body.message).toContain('积分不足');
    expect(await creditOf(t, m.id)).toBe(start + 50);
    const bad = await t.call({
      method: 'POST',
      url: '/api/v1/order/system/recharge',
      token: admin,
      payload: { user_id: m.id, credit: 5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('请输入备注');
    const byMember = await t.call({
      method: 'POST',
      url: '/api/v1/order/system/recharge',
      token: m.token,
      payload: { user_id: m.id, credit: 5, remark: 'x' },
    });
    expect(byMember.status).toBe(403);
    const log = (await t.call({ url: '/api/v1/user/credit/log', token: m.token })).body.credit_log;
    expect(log[0]).toMatchObject({ amount: 50, balance: start + 50, reason: '系统充值：活动奖励', ref_type: 'admin' });
  });

  it('names credits 积分 by default and shows the 积分配置 tab', async ({ t, admin }) => {
    const settings = await t.call({ url: '/api/v1/settings' });
    expect(settings.body.system.credit_name).toBe('积分');
    const tab = await t.call({ url: '/api/v1/config/list?category=score', token: admin });
    const names = tab.body.config.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['credit_name', 'register', 'sign_in', 'upload_document', 'enable_recharge']));
  });

  it('keeps every balance equal to the sum of its ledger rows', async ({ t }) => {
    const rows = await t.ctx.db
      .selectFrom('users as u')
      .leftJoin('credit_logs as l', 'l.user_id', 'u.id')
      .select(['u.id', 'u.credit_count', (eb) => eb.fn.coalesce(eb.fn.sum<number>('l.amount'), eb.lit(0)).as('sum')])
      .groupBy(['u.id', 'u.credit_count'])
      .execute();
    for (const r of rows) expect(Number(r.sum)).toBe(r.credit_count);
  });
});
