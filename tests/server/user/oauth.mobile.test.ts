import { expect } from 'vitest';
import { type FakeOauth } from '../../fakes/fake-oauth.ts';
import { type FakeSms } from '../../fakes/fake-sms.ts';
import { rowCount, type TestApp } from '../support/app.ts';
import { fakeOauthFor } from '../support/oauth.ts';
import { fakeSmsFor, smsCaptcha } from '../support/sms.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

/** 完善用户信息 by mobile number: bind a third-party account through an SMS login or a mobile sign-up. */
describeEachDialect('binding a third-party account by SMS on %s', { admin: false, member: false }, () => {
  let t: TestApp;
  let oauth: FakeOauth;
  let sms: FakeSms;
  let peer = 0;
  let n = 0;
  let phone = 13900000000;
  onStart(async (ready) => {
    ({ t } = ready);
    oauth = await fakeOauthFor(t);
    sms = await fakeSmsFor(t);
  });

  const ip = () => `10.7.${Math.floor(++peer / 250)}.${peer % 250}`;
  /** A QQ account nobody has linked yet, signed in up to 完善用户信息: its pending session. */
  async function pendingQq() {
    oauth.as('qq', { id: `qq-mobile-${++n}`, login: `qqm${n}`, name: `手机绑定${n}` });
    const start = await t.call({ url: '/api/v1/oauth/authorize?type=qq', remoteAddress: ip() });
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const { code, state } = await oauth.authorize('qq', String(start.headers.location));
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/oauth/login',
      payload: { code, state, oauth_type: 1 },
      headers: { cookie },
      remoteAddress: ip(),
    });
    expect(res.status).toBe(200);
    return res.body.oauth as Record<string, unknown>;
  }
  const send = async (mobile: string, type: number) =>
    t.call({ method: 'POST', url: '/api/v1/sms', payload: { mobile, type, ...(await smsCaptcha(t)) }, remoteAddress: ip() });
  const bind = (payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/v1/oauth/bind', payload, remoteAddress: ip() });
  const linksOf = (userId: number) =>
    t.ctx.db.selectFrom('user_oauths').select(['oauth_type']).where('user_id', '=', userId).execute();
  const countUsers = () => rowCount(t, 'users');

  it('registers with a mobile number and links the QQ account in one go', async () => {
    const pending = await pendingQq();
    const mobile = String(++phone);
    expect((await send(mobile, 0)).status).toBe(200);
    const before = await countUsers();
    // a wrong code: nothing made, nothing linked
    const wrong = await bind({ ...pending, mode: 'mobile_register', mobile, code: '000000', password: 'mobile-pass-1' });
    expect(wrong).toMatchObject({ status: 400, body: { message: '短信验证码错误' } });
    expect(await countUsers()).toBe(before);
    const res = await bind({ ...pending, mode: 'mobile_register', mobile, code: sms.codeFor(mobile), password: 'mobile-pass-1' });
    expect(res.status).toBe(200);
    expect(res.body.token).toBeTruthy();
    expect(res.body.user).toMatchObject({ mobile });
    expect(await linksOf(res.body.user.id)).toEqual([{ oauth_type: 1 }]);
    // the session and the code are spent
    expect(
      (await bind({ ...pending, mode: 'mobile_register', mobile, code: sms.codeFor(mobile), password: 'x1234567' })).status,
    ).toBe(400);
  });

  it('signs in to the account of a number by SMS and links the QQ account to it', async () => {
    const mobile = String(++phone);
    await send(mobile, 0);
    const owner = await t.call({
      method: 'POST',
      url: '/api/v1/user/register/mobile',
      payload: { mobile, code: sms.codeFor(mobile), password: 'mobile-pass-1' },
      remoteAddress: ip(),
    });
    expect(owner.status).toBe(200);
    await t.ctx.db
      .updateTable('sms')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('mobile', '=', mobile)
      .execute();
    const pending = await pendingQq();
    expect((await send(mobile, 1)).status).toBe(200);
    const res = await bind({ ...pending, mode: 'mobile_login', mobile, code: sms.codeFor(mobile) });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(owner.body.user.id);
    expect(await linksOf(owner.body.user.id)).toEqual([{ oauth_type: 1 }]);
  });

  it('refuses an unknown number, a bad number and SMS turned off, linking nothing', async () => {
    const pending = await pendingQq();
    const unknown = await bind({ ...pending, mode: 'mobile_login', mobile: '13712345678', code: '123456' });
    expect(unknown).toMatchObject({ status: 400, body: { message: '该手机号尚未注册' } });
    const bad = await bind({ ...pending, mode: 'mobile_register', mobile: '123', code: '123456', password: 'mobile-pass-1' });
    expect(bad).toMatchObject({ status: 400, body: { message: '手机号格式不正确' } });
    await t.setConfig('sms', 'enable', 'false');
    const off = await bind({ ...pending, mode: 'mobile_register', mobile: '13712345679', code: '123456', password: 'p-123456' });
    expect(off).toMatchObject({ status: 400, body: { message: '系统未开启短信服务' } });
    await t.setConfig('sms', 'enable', 'true');
    // the session still works for another way
    const user = await t.member();
    const ok = await bind({ ...pending, mode: 'login', username: user.username, password: 'member-pass-1' });
    expect(ok.status).toBe(200);
  });
});
