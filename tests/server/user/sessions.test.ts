import { afterAll, expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { startSmtp, useSmtp, type TestSmtp } from '../support/smtp.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('sessions after a password change on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let smtp: TestSmtp;
  onStart(async (ready) => {
    ({ t, admin } = ready);
    smtp = await startSmtp();
    await useSmtp(t, smtp);
    await t.setConfig('system', 'domain', 'https://wenku.test/');
  });
  afterAll(async () => {
    await smtp?.close();
  });

  /** 200 while the token is a session, 401 once it is not. */
  const status = async (token: string) => (await t.call({ url: '/api/v1/user/permission', token })).status;
  const changeOwn = (token: string, old_password: string, new_password: string) =>
    t.call({ method: 'PUT', url: '/api/v1/user/password', token, payload: { old_password, new_password } });

  it('a self-change keeps the session that made it and ends the others', async () => {
    const m = await t.member('self-changer', 'old-pass-1');
    const laptop = await t.login('self-changer', 'old-pass-1');
    const phone = await t.login('self-changer', 'old-pass-1');
    expect((await changeOwn(laptop, 'old-pass-1', 'new-pass-1')).status).toBe(200);
    expect(await status(laptop)).toBe(200);
    expect(await status(phone)).toBe(401);
    expect(await status(m.token)).toBe(401);
    // an ended session cannot be used to change the password again either
    expect((await changeOwn(phone, 'new-pass-1', 'thief-pass-1')).status).toBe(401);

    // a second change from the same session keeps it still; a fresh login works with the new password
    expect((await changeOwn(laptop, 'new-pass-1', 'newer-pass-1')).status).toBe(200);
    expect(await status(laptop)).toBe(200);
    const fresh = await t.login('self-changer', 'newer-pass-1');
    expect(await status(fresh)).toBe(200);
    // a change from the fresh session ends the laptop's, which an earlier change had kept
    expect((await changeOwn(fresh, 'newer-pass-1', 'newest-pass-1')).status).toBe(200);
    expect(await status(fresh)).toBe(200);
    expect(await status(laptop)).toBe(401);
  });

  it('an admin setting the password ends every session of the account', async () => {
    const m = await t.member('admin-reset', 'old-pass-1');
    const other = await t.login('admin-reset', 'old-pass-1');
    const res = await t.call({
      method: 'PUT',
      url: '/api/v1/user',
      token: admin,
      payload: { id: m.id, group_id: [2], password: 'set-by-admin' },
    });
    expect(res.status).toBe(200);
    expect(await status(m.token)).toBe(401);
    expect(await status(other)).toBe(401);
    expect(await status(admin)).toBe(200);
    expect(await status(await t.login('admin-reset', 'set-by-admin'))).toBe(200);

    // changing only the groups is no password change: sessions stay
    const kept = await t.login('admin-reset', 'set-by-admin');
    await t.call({ method: 'PUT', url: '/api/v1/user', token: admin, payload: { id: m.id, group_id: [2] } });
    expect(await status(kept)).toBe(200);

    // nor does a holder's change of someone else's password leave their sessions open
    const put = await t.call({
      method: 'PUT',
      url: '/api/v1/user/password',
      token: admin,
      payload: { id: m.id, new_password: 'by-holder-1' },
    });
    expect(put.status).toBe(200);
    expect(await status(kept)).toBe(401);
    expect(await status(admin)).toBe(200);
  });

  it('a reset by e-mail ends every session of the account', async () => {
    const m = await t.member('mail-reset', 'old-pass-1');
    const other = await t.login('mail-reset', 'old-pass-1');
    const email = 'mail-reset@example.com';
    expect((await t.call({ method: 'POST', url: '/api/v1/user/findpassword/stepone', payload: { email } })).status).toBe(200);
    const mail = await smtp.next();
    const href = mail.html.match(/href="(https:\/\/wenku\.test\/auth\/forgot\?[^"]+)"/)![1].replace(/&amp;/g, '&');
    const token = new URL(href).searchParams.get('token')!;
    // asking for a link alone ends nothing: anyone may ask for one
    expect(await status(m.token)).toBe(200);
    const two = await t.call({
      method: 'PUT',
      url: '/api/v1/user/findpassword/steptwo',
      payload: { email, token, password: 'reset-pass-1' },
    });
    expect(two.status).toBe(200);
    expect(await status(m.token)).toBe(401);
    expect(await status(other)).toBe(401);
    expect(await status(await t.login('mail-reset', 'reset-pass-1'))).toBe(200);
  });

  it('logout still ends just its own session', async () => {
    await t.member('two-tabs', 'tab-pass-1');
    const a = await t.login('two-tabs', 'tab-pass-1');
    const b = await t.login('two-tabs', 'tab-pass-1');
    expect((await t.call({ method: 'DELETE', url: '/api/v1/user/logout', token: a })).status).toBe(200);
    expect(await status(a)).toBe(401);
    expect(await status(b)).toBe(200);
  });
});
