import { expect } from 'vitest';
import { type FakeOauth, type FakeProvider } from '../../fakes/fake-oauth.ts';
import { ADMIN_PASSWORD, rowCount, type TestApp } from '../support/app.ts';
import { fakeOauthFor, enableFakeOauth } from '../support/oauth.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const TYPES: Record<FakeProvider, number> = { qq: 1, wechat: 2, gitee: 3, github: 4 };

describeEachDialect('third-party sign-in on %s', { admin: false, member: false }, () => {
  let t: TestApp;
  let fake: FakeOauth;
  let peer = 0;
  let account = 0;
  onStart(async (ready) => (fake = await fakeOauthFor((t = ready.t))));

  /** Starts a sign-in as a browser with `cookie` (or a new one) and approves it at the provider. */
  async function authorize(p: FakeProvider, cookie?: string, redirect = '') {
    const res = await t.call({
      method: 'GET',
      url: `/api/v1/oauth/authorize?type=${p}${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ''}`,
      headers: cookie ? { cookie } : {},
      remoteAddress: `10.5.0.${++peer % 250}`,
    });
    expect(res.status).toBe(302);
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/HttpOnly; SameSite=Lax/);
    const browser = set.split(';')[0]!;
    const approved = await fake.authorize(p, String(res.headers.location));
    expect(approved.redirect).toContain(`http://wenku.test/oauth/callback?type=${p}&code=`);
    return { ...approved, cookie: browser };
  }
  const login = (p: FakeProvider, a: { code: string; state: string; cookie: string }, token?: string) =>
    t.call({
      method: 'POST',
      url: '/api/v1/oauth/login',
      payload: { code: a.code, state: a.state, oauth_type: TYPES[p] },
      headers: { cookie: a.cookie },
      token,
      remoteAddress: `10.4.0.${++peer % 250}`,
    });
  const bind = (payload: Record<string, unknown>, token?: string) =>
    t.call({ method: 'POST', url: '/api/v1/oauth/bind', payload, token, remoteAddress: `10.3.1.${++peer % 250}` });
  const fresh = (p: FakeProvider) => {
    const id = `${p}-acct-${++account}`;
    fake.as(p, {
      id: p === 'github' || p === 'gitee' ? String(5000 + account) : id,
      login: `${p}user${account}`,
      name: `${p}昵称${account}`,
    });
  };
  const users = () => rowCount(t, 'users');

  it('lists the enabled providers with their start URLs and callback addresses', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/oauth/configs' });
    expect(res.status).toBe(200);
    expect(res.body.oauths.map((o: { type: number }) => o.type)).toEqual([1, 2, 3, 4]);
    expect(res.body.oauths[0]).toMatchObject({
      name: 'QQ',
      icon: '/oauth/qq.svg',
      client_id: '101000001',
      redirect_url: 'http://wenku.test/oauth/callback?type=qq',
      authorize_url: '/api/v1/oauth/authorize?type=qq',
    });
    await t.setConfig('oauth', 'enable_gitee', 'false');
    expect((await t.call({ method: 'GET', url: '/api/v1/oauth/configs' })).body.oauths).toHaveLength(3);
    expect((await t.call({ method: 'GET', url: '/api/v1/oauth/authorize?type=gitee' })).body).toMatchObject({
      message: '该第三方登录未启用',
    });
    await t.setConfig('oauth', 'enable_gitee', 'true');
  });

  for (const p of ['qq', 'wechat', 'github', 'gitee'] as const) {
    it(`signs up with ${p}: completes the profile with a new account, then signs straight in`, async () => {
      fresh(p);
      const first = await login(p, await authorize(p, undefined, '/member/profile'));
      expect(first.status).toBe(200);
      expect(first.body.token).toBeUndefined();
      expect(first.body.redirect).toBe('/member/profile');
      const pending = first.body.oauth;
      expect(pending).toMatchObject({ oauth_type: TYPES[p], nickname: `${p}昵称${account}` });
      expect(pending.session).toBeTruthy();

      const name = `via-${p}-${account}`;
      const made = await bind({
        ...pending,
        mode: 'register',
        username: name,
        password: 'oauth-pass-1',
        email: `${name}@example.com`,
      });
      expect(made.status).toBe(200);
      expect(made.body.user.username).toBe(name);
      const links = await t.call({ method: 'GET', url: '/api/v1/user/oauth', token: made.body.token });
      expect(links.body.oauth).toEqual([expect.objectContaining({ oauth_type: TYPES[p], nickname: `${p}昵称${account}` })]);
      // the session is spent
      expect(
        await bind({
          ...pending,
          mode: 'register',
          username: `${name}x`,
          password: 'oauth-pass-1',
          email: `x${name}@example.com`,
        }),
      ).toMatchObject({
        status: 400,
        body: { message: '第三方账号信息已失效，请重新登录' },
      });

      const again = await login(p, await authorize(p));
      expect(again.status).toBe(200);
      expect(again.body.user).toMatchObject({ id: made.body.user.id, username: name });
      expect(again.body.token).toBeTruthy();
    });
  }

  it('binds to an existing account with its password, and to the signed-in member', async () => {
    const m = await t.member();
    fresh('qq');
    const pending = (await login('qq', await authorize('qq'))).body.oauth;
    expect(await bind({ ...pending, mode: 'login', username: m.username, password: 'wrong-pass' })).toMatchObject({
      status: 400,
      body: { message: '用户名或密码错误' },
    });
    const bound = await bind({ ...pending, mode: 'login', username: m.username, password: 'member-pass-1' });
    expect(bound).toMatchObject({ status: 200, body: { user: { id: m.id } } });

    // a member adds GitHub from the profile: the sign-in comes back unbound and is linked to them
    fresh('github');
    const gh = await login('github', await authorize('github'), m.token);
    expect((await bind(gh.body.oauth, m.token)).status).toBe(200);
    const mine = (await t.call({ method: 'GET', url: '/api/v1/user/oauth', token: m.token })).body.oauth;
    expect(mine.map((l: { oauth_type: number }) => l.oauth_type).sort()).toEqual([1, 4]);
    expect((await login('github', await authorize('github'))).body.user.id).toBe(m.id);

    // one account per provider per member; an account linked elsewhere is refused to a signed-in other
    fresh('github');
    const second = (await login('github', await authorize('github'), m.token)).body.oauth;
    expect(await bind(second, m.token)).toMatchObject({ status: 409, body: { message: '您已绑定过GitHub账号，请先解绑' } });
    const other = await t.member();
    expect(await login('qq', await authorize('qq'), other.token)).toMatchObject({
      status: 409,
      body: { message: '该QQ账号已绑定其他账号' },
    });
  });

  it('refuses a bad, replayed, stale or foreign-browser state and a bad code, creating nothing', async () => {
    const before = await users();
    fresh('gitee');
    const a = await authorize('gitee');
    expect(await login('gitee', { ...a, state: 'forged-state' })).toMatchObject({
      status: 400,
      body: { message: '登录状态无效或已使用，请重新发起第三方登录' },
    });
    expect(await login('gitee', { ...a, cookie: 'wenku_oauth=someone-elses-browser-cookie-value-000000' })).toMatchObject({
      status: 400,
      body: { message: '登录状态与当前浏览器不符，请在同一浏览器中重新发起第三方登录' },
    });
    // the state went with that try: it cannot be replayed even from the right browser
    expect(await login('gitee', a)).toMatchObject({
      status: 400,
      body: { message: '登录状态无效或已使用，请重新发起第三方登录' },
    });

    const b = await authorize('gitee', a.cookie);
    await t.ctx.db
      .updateTable('oauth_states')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await login('gitee', b)).toMatchObject({ status: 400, body: { message: '登录已超时，请重新发起第三方登录' } });

    // the same browser keeps its cookie; a code the provider does not know is refused by the provider
    const c = await authorize('gitee', a.cookie);
    expect(c.cookie).toBe(a.cookie);
    expect(await login('gitee', { ...c, code: 'not-a-code' })).toMatchObject({
      status: 400,
      body: { message: 'Gitee登录失败：The authorization code is invalid or expired' },
    });
    // a code is good once
    const d = await authorize('qq', a.cookie);
    expect((await login('qq', d)).status).toBe(200);
    const e = await authorize('qq', a.cookie);
    expect(await login('qq', { ...e, code: d.code })).toMatchObject({
      status: 400,
      body: { message: 'QQ登录失败：code to access token error' },
    });
    // a wrong secret fails at the provider
    await t.setConfig('oauth', 'wechat_app_secret', 'wrong');
    expect(await login('wechat', await authorize('wechat'))).toMatchObject({
      status: 400,
      body: { message: '微信登录失败：invalid appsecret' },
    });
    await enableFakeOauth(t, fake);
    expect(await users()).toBe(before);
    expect(await bind({ openid: 'x', oauth_type: 1, session: 'nope', mode: 'register' })).toMatchObject({ status: 400 });
  });

  it('unlinks, but never the last way to sign in', async () => {
    const m = await t.member();
    fresh('wechat');
    const w = (await login('wechat', await authorize('wechat'), m.token)).body.oauth;
    expect((await bind(w, m.token)).status).toBe(200);
    const [link] = (await t.call({ method: 'GET', url: '/api/v1/user/oauth', token: m.token })).body.oauth;
    const other = await t.member();
    expect((await t.call({ method: 'DELETE', url: `/api/v1/user/oauth?id=${link.id}`, token: other.token })).status).toBe(404);

    // an account without a password (imported, say) keeps its only link
    await t.ctx.db.updateTable('users').set({ password: '' }).where('id', '=', m.id).execute();
    expect(await t.call({ method: 'DELETE', url: `/api/v1/user/oauth?id=${link.id}`, token: m.token })).toMatchObject({
      status: 400,
      body: { message: '这是您唯一的登录方式，请先设置密码后再解绑' },
    });
    await t.ctx.db
      .updateTable('users')
      .set({
        password: (await t.ctx.db.selectFrom('users').select('password').where('id', '=', other.id).executeTakeFirstOrThrow())
          .password,
      })
      .where('id', '=', m.id)
      .execute();
    expect((await t.call({ method: 'DELETE', url: `/api/v1/user/oauth?id=${link.id}`, token: m.token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/v1/user/oauth', token: m.token })).body.oauth ?? []).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/v1/user/oauth' })).status).toBe(401);
  });

  it('frees the provider account of a deleted member: the next sign-in completes the profile again', async () => {
    const m = await t.member();
    fresh('gitee');
    expect((await bind((await login('gitee', await authorize('gitee'), m.token)).body.oauth, m.token)).status).toBe(200);
    const admin = await t.adminToken();
    const del = await t.call({ method: 'DELETE', url: `/api/v1/user?id=${m.id}&password=${ADMIN_PASSWORD}`, token: admin });
    expect(del.status).toBe(200);
    const again = await login('gitee', await authorize('gitee'));
    expect(again).toMatchObject({ status: 200, body: { oauth: { oauth_type: 3 } } });
  });
});
