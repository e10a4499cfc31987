import { expect } from 'vitest';
import { type FakeSms } from '../../fakes/fake-sms.ts';
import { rowCount, type TestApp } from '../support/app.ts';
import { fakeSmsFor, smsCaptcha, enableFakeSms } from '../support/sms.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('SMS codes and mobile accounts on %s', { admin: false, member: false }, () => {
  let t: TestApp;
  let fake: FakeSms;
  let peer = 0;
  let phone = 13800000000;
  onStart(async (ready) => (fake = await fakeSmsFor((t = ready.t))));

  const nextMobile = () => String(++phone + 1111);
  // sends are limited per address: each test call comes from its own unless it says otherwise
  const send = async (mobile: string, type: number, remoteAddress = `10.9.0.${++peer}`) =>
    t.call({ method: 'POST', url: '/api/v1/sms', payload: { mobile, type, ...(await smsCaptcha(t)) }, remoteAddress });
  const post = (url: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: `10.8.0.${++peer}` });
  // a minute passes for the number (sends are one a minute per number)
  const later = async (mobile: string) =>
    t.ctx.db
      .updateTable('sms')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('mobile', '=', mobile)
      .execute();
  const users = () => rowCount(t, 'users');

  it('registers with a code sent through Aliyun, then logs in and resets the password by SMS', async () => {
    const mobile = nextMobile();
    expect(await send(mobile, 0)).toMatchObject({ status: 200, body: {} });
    const code = fake.codeFor(mobile)!;
    expect(code).toMatch(/^\d{6}$/);
    expect(fake.sent.at(-1)).toMatchObject({ provider: 'aliyun', sign: '文库', template: 'SMS_100000001' });

    const reg = await post('/user/register/mobile', { mobile: `+86 ${mobile}`, code, password: 'mobile-pass-1' });
    expect(reg.status).toBe(200);
    expect(reg.body.user).toMatchObject({ mobile });
    expect(reg.body.user.username).toMatch(new RegExp(`^手机用户${mobile.slice(-4)}\\d{4}$`));
    expect((await t.call({ method: 'GET', url: '/api/v1/user', token: reg.body.token })).body.mobile).toBe(mobile);
    // the code is spent
    expect(await post('/user/register/mobile', { mobile, code, password: 'mobile-pass-1' })).toMatchObject({ status: 409 });

    await later(mobile);
    expect(await send(mobile, 1)).toMatchObject({ status: 200, body: { is_registered: true } });
    const login = await post('/user/login/mobile', { mobile, code: fake.codeFor(mobile) });
    expect(login).toMatchObject({ status: 200, body: { user: { id: reg.body.user.id } } });
    expect(await post('/user/login/mobile', { mobile, code: fake.codeFor(mobile) })).toMatchObject({
      status: 400,
      body: { message: '短信验证码已过期或已使用，请重新获取' },
    });

    await later(mobile);
    expect((await send(mobile, 2)).status).toBe(200);
    expect(
      await post('/user/findpassword/mobile', { mobile, code: fake.codeFor(mobile), password: 'new-pass-22' }),
    ).toMatchObject({
      status: 200,
    });
    // every session ended with the reset; the new password works with the account's name
    expect((await t.call({ method: 'GET', url: '/api/v1/user/permission', token: login.body.token })).status).toBe(401);
    expect(await t.login(reg.body.user.username, 'new-pass-22')).toBeTruthy();
  });

  it('sends through Tencent Cloud as well, and records a refused send with the provider error', async () => {
    await enableFakeSms(t, fake, 'smsTencent');
    const mobile = nextMobile();
    expect((await send(mobile, 0)).status).toBe(200);
    expect(fake.sent.at(-1)).toMatchObject({ provider: 'tencent', mobile, template: '100001' });

    const bad = '13900000000';
    expect(await send(bad, 0)).toMatchObject({ status: 400, body: { message: '短信发送失败，请稍后再试' } });
    const row = await t.ctx.db.selectFrom('sms').selectAll().where('mobile', '=', bad).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 2, provider: 'smsTencent' });
    expect(row.error).toContain('IncorrectPhoneNumber');

    // a wrong key is refused by the signature check and recorded too
    await t.setConfig('sms', 'tencent_secret_key', 'not-the-secret');
    const other = nextMobile();
    expect((await send(other, 0)).status).toBe(400);
    const failed = await t.ctx.db.selectFrom('sms').selectAll().where('mobile', '=', other).executeTakeFirstOrThrow();
    expect(failed.error).toContain('签名');
    await enableFakeSms(t, fake);
    await t.setConfig('sms', 'aliyun_access_key_secret', 'not-the-secret');
    const third = nextMobile();
    expect((await send(third, 0)).status).toBe(400);
    expect(
      (await t.ctx.db.selectFrom('sms').select('error').where('mobile', '=', third).executeTakeFirstOrThrow()).error,
    ).toContain('SignatureDoesNotMatch');
    await enableFakeSms(t, fake);
  });

  it('refuses wrong, expired and over-tried codes without creating an account', async () => {
    const mobile = nextMobile();
    expect((await send(mobile, 0)).status).toBe(200);
    const code = fake.codeFor(mobile)!;
    const wrong = code === '000000' ? '111111' : '000000';
    const before = await users();
    for (let i = 0; i < 5; i++)
      expect(await post('/user/register/mobile', { mobile, code: wrong, password: 'mobile-pass-1' })).toMatchObject({
        status: 400,
        body: { message: '短信验证码错误' },
      });
    // five wrong answers kill the code: the right one no longer works
    expect(await post('/user/register/mobile', { mobile, code, password: 'mobile-pass-1' })).toMatchObject({
      status: 400,
      body: { message: '短信验证码错误次数过多，请重新获取' },
    });
    expect(await users()).toBe(before);

    const late = nextMobile();
    expect((await send(late, 0)).status).toBe(200);
    const old = new Date(Date.now() - 6 * 60_000).toISOString();
    await t.ctx.db.updateTable('sms').set({ created_at: old }).where('mobile', '=', late).execute();
    expect(
      await post('/user/register/mobile', { mobile: late, code: fake.codeFor(late), password: 'mobile-pass-1' }),
    ).toMatchObject({
      status: 400,
      body: { message: '短信验证码已过期或已使用，请重新获取' },
    });
    // a login code does not register
    const cross = nextMobile();
    expect(await send(cross, 1)).toMatchObject({ status: 400, body: { message: '该手机号尚未注册' } });
    expect(await users()).toBe(before);
    expect(await post('/user/register/mobile', { mobile: 'abc', code: '123456', password: 'x' })).toMatchObject({ status: 400 });
  });

  it('asks for the image captcha and limits sends per number and per address', async () => {
    const mobile = nextMobile();
    expect(
      await t.call({
        method: 'POST',
        url: '/api/v1/sms',
        payload: { mobile, type: 0, captcha_id: 'x', captcha: '1' },
        remoteAddress: '10.7.0.1',
      }),
    ).toMatchObject({ status: 400, body: { message: '验证码错误' } });
    expect((await send(mobile, 0)).status).toBe(200);
    expect(await send(mobile, 0)).toMatchObject({ status: 429, body: { message: '该手机号发送验证码太频繁，请60秒后再试' } });

    // one address, two numbers: the second within the minute is refused
    const ip = '10.6.0.1';
    expect((await send(nextMobile(), 0, ip)).status).toBe(200);
    expect(await send(nextMobile(), 0, ip)).toMatchObject({
      status: 429,
      body: { message: '当前网络发送验证码太频繁，请60秒后再试' },
    });

    // ten a day per number (configurable): with no interval, the daily cap decides
    await t.setConfig('sms', 'mobile_interval', '0');
    await t.setConfig('sms', 'ip_interval', '0');
    await t.setConfig('sms', 'mobile_daily', '2');
    const capped = nextMobile();
    expect((await send(capped, 0)).status).toBe(200);
    expect((await send(capped, 0)).status).toBe(200);
    expect(await send(capped, 0)).toMatchObject({ status: 429, body: { message: '该手机号24小时内发送验证码的次数已达上限' } });
    for (const [n, v] of [
      ['mobile_interval', '60'],
      ['ip_interval', '60'],
      ['mobile_daily', '10'],
    ])
      await t.setConfig('sms', n!, v!);

    await t.setConfig('sms', 'enable', 'false');
    expect(await send(nextMobile(), 0)).toMatchObject({ status: 400, body: { message: '系统未开启短信服务' } });
    await t.setConfig('sms', 'enable', 'true');
  });

  it('lists every send for holders of the permission only', async () => {
    const admin = await t.adminToken();
    const list = await t.call({ method: 'GET', url: '/api/v1/sms/list?page=1&size=5&status=2', token: admin });
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(0);
    expect(list.body.sms[0]).toMatchObject({ status: 2, provider: expect.stringMatching(/^sms/) });
    expect(list.body.sms[0].error).toBeTruthy();
    const all = await t.call({ method: 'GET', url: '/api/v1/sms/list?type=1', token: admin });
    expect(all.body.sms.every((s: { type: number; username: string }) => s.type === 1 && s.username)).toBe(true);
    const member = await t.member();
    expect((await t.call({ method: 'GET', url: '/api/v1/sms/list', token: member.token })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/v1/sms/list' })).status).toBe(401);
  });
});
