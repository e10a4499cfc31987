import { expect } from 'vitest';
import { verifyCaptcha } from '../../../src/server/modules/captcha/captcha.service.ts';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('captcha on %s', { admin: false, member: false }, () => {
  let t: TestApp;
  onStart((ready) => ({ t } = ready));

  /** Fetches a captcha and reads its answer from the shared table (the test never looks at the image). */
  async function solve(type: string): Promise<{ id: string; answer: string }> {
    const res = await t.call({ url: `/api/v1/user/captcha?type=${type}` });
    expect(res.status).toBe(200);
    const row = await t.ctx.db.selectFrom('captchas').select('answer').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    return { id: res.body.id, answer: row.answer };
  }

  it('rejects unknown kinds', async () => {
    for (const q of ['?type=upload', '']) {
      expect(await t.call({ url: `/api/v1/user/captcha${q}` })).toMatchObject({
        status: 400,
        body: { code: 3, message: '不支持的验证码类型' },
      });
    }
  });

  it('answers only the style when the switch is off', async () => {
    const res = await t.call({ url: '/api/v1/user/captcha?type=login' });
    expect(res).toMatchObject({ status: 200, body: { type: 'digit' } });
    expect(res.body.enable).toBeUndefined();
    expect(res.body.id).toBeUndefined();
  });

  it('renders a PNG data URI and stores the answer for ten minutes', async () => {
    await t.setConfig('security', 'enable_captcha_login', 'true');
    const res = await t.call({ url: '/api/v1/user/captcha?type=login' });
    expect(res.body).toMatchObject({ enable: true, type: 'digit', id: expect.any(String) });
    expect(res.body.captcha).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(res.body.captcha.split(',')[1], 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const row = await t.ctx.db.selectFrom('captchas').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.answer).toMatch(/^\d{5}$/);
    const ttl = Date.parse(row.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);

    await t.setConfig('captcha', 'type', 'string');
    await t.setConfig('captcha', 'length', '6');
    const str = await solve('login');
    expect(str.answer).toMatch(/^[a-z0-9]{6}$/);
    expect(str.answer).toBe(str.answer.toLowerCase());
    await t.setConfig('captcha', 'type', 'math');
    const math = await solve('login');
    expect(math.answer).toMatch(/^-?\d+$/);
    await t.setConfig('captcha', 'type', 'digit');
    await t.setConfig('captcha', 'length', '5');
  });

  it('guards login: missing or wrong fails, right passes once', async () => {
    await t.setConfig('security', 'enable_captcha_login', 'true');
    const payload = { username: 'admin', password: 'admin-pass-123' };
    const login = (extra: Record<string, string>) =>
      t.call({ method: 'POST', url: '/api/v1/user/login', payload: { ...payload, ...extra } });

    expect(await login({})).toMatchObject({ status: 400, body: { message: '验证码错误' } });
    const first = await solve('login');
    expect((await login({ captcha_id: first.id, captcha: 'wrong' })).body.message).toBe('验证码错误');
    // a wrong answer spends the captcha: no second guess on the same image
    expect((await login({ captcha_id: first.id, captcha: first.answer })).status).toBe(400);

    const c = await solve('login');
    expect((await login({ captcha_id: c.id, captcha: c.answer.toUpperCase() })).status).toBe(200);
    expect(await login({ captcha_id: c.id, captcha: c.answer })).toMatchObject({ status: 400, body: { message: '验证码错误' } });
    await t.setConfig('security', 'enable_captcha_login', 'false');
  });

  it('guards registration and refuses expired captchas', async () => {
    await t.setConfig('security', 'enable_captcha_register', 'true');
    const body = { username: 'cap-user', password: 'secret-1', email: 'cap@example.com' };
    const register = (extra: Record<string, string>) =>
      t.call({ method: 'POST', url: '/api/v1/user/register', payload: { ...body, ...extra } });
    expect((await register({})).body.message).toBe('验证码错误');

    const old = await solve('register');
    await t.ctx.db
      .updateTable('captchas')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    expect((await register({ captcha_id: old.id, captcha: old.answer })).status).toBe(400);

    const c = await solve('register');
    expect((await register({ captcha_id: c.id, captcha: c.answer })).status).toBe(200);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/v1/user/register',
          payload: { ...body, username: 'cap-user2', email: 'c2@example.com', captcha_id: c.id, captcha: c.answer },
        })
      ).status,
    ).toBe(400);
    await t.setConfig('security', 'enable_captcha_register', 'false');
  });

  it('verifies without consuming when asked to', async () => {
    await t.setConfig('security', 'enable_captcha_find_password', 'true');
    const c = await solve('find_password');
    expect(await verifyCaptcha(t.ctx.db, c.id, c.answer, { consume: false })).toBe(true);
    expect(await verifyCaptcha(t.ctx.db, c.id, ` ${c.answer} `, { consume: false })).toBe(true);
    expect(await verifyCaptcha(t.ctx.db, c.id, c.answer, { consume: true })).toBe(true);
    expect(await verifyCaptcha(t.ctx.db, c.id, c.answer, { consume: true })).toBe(false);
    expect(await verifyCaptcha(t.ctx.db, '', '', { consume: true })).toBe(false);
    await t.setConfig('security', 'enable_captcha_find_password', 'false');
  });

  it('limits captcha requests per address (429)', async () => {
    const get = () => t.call({ url: '/api/v1/user/captcha?type=comment', remoteAddress: '10.1.2.3' });
    for (let i = 0; i < 30; i++) expect((await get()).status).toBe(200);
    expect(await get()).toMatchObject({ status: 429, body: { code: 8, message: '操作太频繁，请稍后再试' } });
  });
});
