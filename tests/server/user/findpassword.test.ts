import { decodeJwt } from 'jose';
import { afterAll, expect, vi } from 'vitest';
import { signLinkToken } from '../../../src/server/auth/jwt.ts';
import { type TestApp } from '../support/app.ts';
import { startSmtp, useSmtp, type CapturedMail, type TestSmtp } from '../support/smtp.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';
import { SETTINGS } from '../../../src/domain/settings/index.ts';

describeEachDialect('find password on %s', { admin: false, member: false }, (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  onStart(async (ready) => {
    ({ t } = ready);
    smtp = await startSmtp();
    await useSmtp(t, smtp);
    await t.setConfig('system', 'domain', 'https://wenku.test/');
  });
  afterAll(async () => {
    await smtp?.close();
  });

  // both steps are rate limited per address; each call here comes from its own address unless told
  let peer = 0;
  const stepOne = (payload: Record<string, unknown>, remoteAddress = `10.0.${dialect === 'sqlite' ? 1 : 2}.${++peer}`) =>
    t.call({ method: 'POST', url: '/api/v1/user/findpassword/stepone', payload, remoteAddress });
  const stepTwo = (payload: Record<string, unknown>) =>
    t.call({ method: 'PUT', url: '/api/v1/user/findpassword/steptwo', payload, remoteAddress: `10.0.3.${++peer}` });
  const linkOf = (mail: CapturedMail) => {
    const href = mail.html.match(/href="(https:\/\/wenku\.test\/auth\/forgot\?[^"]+)"/)?.[1];
    expect(href).toBeDefined();
    return new URL(href!.replace(/&amp;/g, '&'));
  };
  const secret = () => t.ctx.settings.get(SETTINGS.email.secret);

  it('mails a reset link that sets a new password exactly once', async () => {
    await t.member('forgetful', 'old-pass-1');
    const one = await stepOne({ email: 'Forgetful@example.com' });
    expect(one).toMatchObject({ status: 200, body: {} });
    const mail = await smtp.next();
    expect(mail.to).toEqual(['forgetful@example.com']);
    expect(mail.subject).toBe('找回密码 - Wenku 文库');
    expect(mail.html).toContain('forgetful');
    const link = linkOf(mail);
    expect(link.pathname).toBe('/auth/forgot');
    expect(link.searchParams.get('email')).toBe('forgetful@example.com');
    const token = link.searchParams.get('token')!;
    const claims = decodeJwt(token);
    expect(claims.jti).toBe('forgetful@example.com');
    expect(claims.exp! - claims.iat!).toBe(30 * 60);

    const two = await stepTwo({ email: 'forgetful@example.com', token, password: 'new-pass-1' });
    expect(two).toMatchObject({ status: 200, body: {} });
    await t.login('forgetful', 'new-pass-1');
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'forgetful', password: 'old-pass-1' } }))
        .status,
    ).toBe(400);

    const again = await stepTwo({ email: 'forgetful@example.com', token, password: 'third-pass' });
    expect(again).toMatchObject({ status: 400, body: { code: 3, message: '链接已失效，请重新找回密码' } });
    await t.login('forgetful', 'new-pass-1');
  });

  it('refuses links for another address, forged or expired links and short passwords', async () => {
    await t.member('victim', 'victim-pass');
    await t.member('attacker', 'attacker-pass');
    await stepOne({ email: 'attacker@example.com' });
    const token = linkOf(await smtp.next()).searchParams.get('token')!;

    // moredoc accepted any valid link for any address; ours is bound to the address it was sent to
    const swapped = await stepTwo({ email: 'victim@example.com', token, password: 'pwned-123' });
    expect(swapped).toMatchObject({ status: 400, body: { message: '链接已失效，请重新找回密码' } });
    await t.login('victim', 'victim-pass');

    const forged = await signLinkToken('not-the-secret', 'victim@example.com', 30);
    expect((await stepTwo({ email: 'victim@example.com', token: forged, password: 'pwned-123' })).status).toBe(400);
    const expired = await signLinkToken(await secret(), 'victim@example.com', -1);
    expect((await stepTwo({ email: 'victim@example.com', token: expired, password: 'pwned-123' })).status).toBe(400);
    expect((await stepTwo({ email: 'victim@example.com', token: 'garbage', password: 'pwned-123' })).status).toBe(400);
    await t.login('victim', 'victim-pass');

    const short = await stepTwo({ email: 'attacker@example.com', token, password: '123' });
    expect(short).toMatchObject({ status: 400, body: { message: '密码至少6位' } });
    const noToken = await stepTwo({ email: 'attacker@example.com', password: 'new-pass-1' });
    expect(noToken).toMatchObject({ status: 400, body: { message: '链接已失效，请重新找回密码' } });
    const ghost = await signLinkToken(await secret(), 'ghost@example.com', 30);
    expect(await stepTwo({ email: 'ghost@example.com', token: ghost, password: 'new-pass-1' })).toMatchObject({
      status: 404,
      body: { message: '用户不存在' },
    });
  });

  it('answers unknown addresses like known ones; reports bad input and a disabled mail service', async () => {
    await t.member('mailer-user');
    // no mail goes to an unknown address, and the answer does not tell
    expect(await stepOne({ email: 'nobody@example.com' })).toMatchObject({ status: 200, body: {} });
    expect(await stepOne({ email: 'mailer-user@example.com' })).toMatchObject({ status: 200, body: {} });
    expect((await smtp.next()).to).toEqual(['mailer-user@example.com']);
    expect(await stepOne({ email: 'nope' })).toMatchObject({ status: 400, body: { message: '邮箱格式不正确' } });
    expect(await stepOne({})).toMatchObject({ status: 400, body: { message: '请输入邮箱' } });

    await t.setConfig('email', 'enable', 'false');
    expect(await stepOne({ email: 'mailer-user@example.com' })).toMatchObject({
      status: 400,
      body: { message: '邮件服务未启用，请联系管理员' },
    });
    await t.setConfig('email', 'enable', 'true');

    // an SMTP failure is logged, not told: telling would reveal that the address has an account
    smtp.refuse(true);
    const failed = await stepOne({ email: 'mailer-user@example.com' });
    expect(failed).toMatchObject({ status: 200, body: {} });
    await vi.waitFor(() => expect(smtp.refused()).toBe(1));
    smtp.refuse(false);
  });

  it('limits reset mails per address (429)', async () => {
    for (let i = 0; i < 5; i++) expect((await stepOne({ email: 'nobody@example.com' }, '10.7.7.7')).status).toBe(200);
    expect((await stepOne({ email: 'nobody@example.com' }, '10.7.7.7')).status).toBe(429);
  });

  it('honours only the newest link', async () => {
    await t.member('twice-asked', 'old-pass-1');
    const email = 'twice-asked@example.com';
    await stepOne({ email });
    const first = linkOf(await smtp.next()).searchParams.get('token')!;
    await stepOne({ email });
    const second = linkOf(await smtp.next()).searchParams.get('token')!;
    expect(await stepTwo({ email, token: first, password: 'new-pass-1' })).toMatchObject({
      status: 400,
      body: { message: '链接已失效，请重新找回密码' },
    });
    await t.login('twice-asked', 'old-pass-1');
    expect((await stepTwo({ email, token: second, password: 'new-pass-2' })).status).toBe(200);
    await t.login('twice-asked', 'new-pass-2');
    // the older link does not come back to life once the newer one is spent
    expect((await stepTwo({ email, token: first, password: 'new-pass-3' })).status).toBe(400);
  });

  it('clamps the link lifetime to one hour', async () => {
    await t.setConfig('email', 'duration', '1000');
    await stepOne({ email: 'forgetful@example.com' });
    const claims = decodeJwt(linkOf(await smtp.next()).searchParams.get('token')!);
    expect(claims.exp! - claims.iat!).toBe(60 * 60);
    await t.setConfig('email', 'duration', '30');
  });

  it('spends the captcha in step one as in step two', async () => {
    await t.setConfig('security', 'enable_captcha_find_password', 'true');
    await t.member('captcha-forgot', 'old-pass-1');
    const email = 'captcha-forgot@example.com';
    expect(await stepOne({ email })).toMatchObject({ status: 400, body: { message: '验证码错误' } });

    const solved = async () => {
      const res = await t.call({ url: '/api/v1/user/captcha?type=find_password' });
      const { answer } = await t.ctx.db
        .selectFrom('captchas')
        .select('answer')
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      return { captcha_id: res.body.id as string, captcha: answer };
    };
    const captcha = await solved();
    expect((await stepOne({ email, ...captcha })).status).toBe(200);
    const token = linkOf(await smtp.next()).searchParams.get('token')!;
    // one solved captcha is one request, for a known address or not
    expect((await stepOne({ email, ...captcha })).body.message).toBe('验证码错误');
    const other = await solved();
    expect((await stepOne({ email: 'nobody@example.com', ...other })).status).toBe(200);
    expect((await stepOne({ email: 'nobody@example.com', ...other })).body.message).toBe('验证码错误');

    expect((await stepTwo({ email, token, password: 'new-pass-1' })).body.message).toBe('验证码错误');
    expect((await stepTwo({ email, token, password: 'new-pass-1', ...(await solved()) })).status).toBe(200);
    await t.login('captcha-forgot', 'new-pass-1');
    await t.setConfig('security', 'enable_captcha_find_password', 'false');
  });
});
