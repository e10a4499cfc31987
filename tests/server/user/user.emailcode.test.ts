import { afterAll, expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { startSmtp, useSmtp, type TestSmtp } from '../support/smtp.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('registration e-mail codes on %s', { admin: false, member: false }, () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let peer = 0;
  onStart(async (ready) => {
    ({ t } = ready);
    smtp = await startSmtp();
    await useSmtp(t, smtp);
    await t.setConfig('security', 'enable_verify_register_email', 'true');
  });
  afterAll(async () => {
    await smtp?.close();
  });

  // the route is rate limited per address; every call here comes from its own address
  const sendCode = (payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/v1/user/email/code', payload, remoteAddress: `10.3.0.${++peer}` });
  const register = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/v1/user/register', payload });

  it('mails a code that lets exactly one registration through', async () => {
    expect(await sendCode({ email: 'Coded@example.com' })).toMatchObject({ status: 200, body: {} });
    const mail = await smtp.next();
    expect(mail.to).toEqual(['coded@example.com']);
    expect(mail.subject).toBe('邮箱验证码');
    const code = mail.html.match(/<b[^>]*>([A-Za-z0-9]{4})<\/b>/)?.[1];
    expect(code).toBeDefined();

    const base = { username: 'coded-user', password: 'secret-1', email: 'coded@example.com' };
    expect(await register(base)).toMatchObject({ status: 400, body: { message: '邮箱验证码不正确或已过期' } });
    const flipped = code!.replace(/[a-z]/i, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
    if (flipped !== code) expect((await register({ ...base, code: flipped })).status).toBe(400); // case-sensitive
    expect((await register({ ...base, code })).status).toBe(200);
    const row = await t.ctx.db
      .selectFrom('email_codes')
      .selectAll()
      .where('email', '=', 'coded@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_used: 1, success: 1, code });
  });

  it('refuses resending within a minute, known addresses and a closed feature', async () => {
    expect((await sendCode({ email: 'again@example.com' })).status).toBe(200);
    await smtp.next();
    expect(await sendCode({ email: 'again@example.com' })).toMatchObject({
      status: 400,
      body: { message: '发送太频繁，请稍后再试' },
    });
    expect(await sendCode({ email: 'coded@example.com' })).toMatchObject({ status: 409, body: { message: '邮箱已被注册' } });
    expect(await sendCode({ email: 'bad' })).toMatchObject({ status: 400, body: { message: '邮箱格式不正确' } });

    await t.setConfig('security', 'enable_verify_register_email', 'false');
    expect((await sendCode({ email: 'later@example.com' })).status).toBe(400);
    await t.setConfig('security', 'enable_verify_register_email', 'true');
  });

  it('does not accept codes older than 30 minutes', async () => {
    expect((await sendCode({ email: 'slow@example.com' })).status).toBe(200);
    const code = (await smtp.next()).html.match(/<b[^>]*>([A-Za-z0-9]{4})<\/b>/)![1];
    const old = new Date(Date.now() - 31 * 60_000).toISOString();
    await t.ctx.db.updateTable('email_codes').set({ created_at: old }).where('email', '=', 'slow@example.com').execute();
    expect((await register({ username: 'slow-user', password: 'secret-1', email: 'slow@example.com', code })).status).toBe(400);
  });
});
