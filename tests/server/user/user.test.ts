import { expect } from 'vitest';
import { ADMIN_PASSWORD, type TestApp } from '../support/app.ts';
import { grant } from '../support/grant.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('user account API on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  onStart((ready) => ({ t, admin } = ready));

  const register = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/api/v1/user/register', payload });
  const defaultGroupCount = async () =>
    (await t.ctx.db.selectFrom('groups').select('user_count').where('is_default', '=', 1).executeTakeFirstOrThrow()).user_count;

  it('registers, logs in, reads itself and logs out for good', async () => {
    const before = await defaultGroupCount();
    const reg = await register({ username: '张三丰', password: 'secret-1', email: 'Zhang@Example.com' });
    expect(reg.status).toBe(200);
    expect(reg.body.token).toBeTypeOf('string');
    expect(reg.body.user).toMatchObject({
      username: '张三丰',
      email: 'zhang@example.com',
      credit_count: 10,
      register_ip: '127.0.0.1',
    });
    expect(reg.body.user.password).toBeUndefined();
    expect(reg.body.user.login_at).toBeTypeOf('string');
    expect(await defaultGroupCount()).toBe(before + 1);
    const ledger = await t.ctx.db.selectFrom('credit_logs').selectAll().where('user_id', '=', reg.body.user.id).execute();
    expect(ledger).toMatchObject([{ amount: 10, balance: 10, reason: '注册奖励' }]);

    const login = await t.call({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { username: 'zhang@example.com', password: 'secret-1' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.login_at).toBe(reg.body.user.login_at); // the previous login
    const token = login.body.token as string;

    const me = await t.call({ url: '/api/v1/user', token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: reg.body.user.id, username: '张三丰', email: 'zhang@example.com' });
    expect(me.body.password).toBeUndefined();
    expect(me.body.login_at).not.toBe(reg.body.user.login_at);

    expect((await t.call({ url: '/api/v1/user/permission', token })).status).toBe(200);
    const out = await t.call({ method: 'DELETE', url: '/api/v1/user/logout', token });
    expect(out).toMatchObject({ status: 200, body: {} });
    const after = await t.call({ url: '/api/v1/user/permission', token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(16);
    // the registration token is a separate session and still works
    expect((await t.call({ url: '/api/v1/user/permission', token: reg.body.token })).status).toBe(200);
    expect((await t.call({ method: 'DELETE', url: '/api/v1/user/logout' })).status).toBe(200);
  });

  it('validates registration with Chinese messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'ab', password: 'secret-1', email: 'a@b.cn' }, '用户名长度须为3到32个字符'],
      [{ username: 'x'.repeat(33), password: 'secret-1', email: 'a@b.cn' }, '用户名长度须为3到32个字符'],
      [{ username: 'me@host.cn', password: 'secret-1', email: 'a@b.cn' }, '用户名不能是邮箱或手机号'],
      [{ username: '13812345678', password: 'secret-1', email: 'a@b.cn' }, '用户名不能是邮箱或手机号'],
      [{ username: 'valid-name', password: '12345', email: 'a@b.cn' }, '密码至少6位'],
      [{ username: 'valid-name', password: 'secret-1' }, '请输入邮箱'],
      [{ username: 'valid-name', password: 'secret-1', email: 'not-mail' }, '邮箱格式不正确'],
      [{ password: 'secret-1', email: 'a@b.cn' }, '请输入用户名'],
    ];
    for (const [payload, message] of cases) {
      const res = await register(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body).toMatchObject({ code: 3, message });
    }
  });

  it('refuses duplicates (409) and honours the register and close switches', async () => {
    await t.member('dupname');
    const name = await register({ username: 'dupname', password: 'secret-1', email: 'other@example.com' });
    expect(name).toMatchObject({ status: 409, body: { code: 6, message: '用户名已存在' } });
    const mail = await register({ username: 'fresh-name', password: 'secret-1', email: 'DUPNAME@example.com' });
    expect(mail).toMatchObject({ status: 409, body: { message: '邮箱已被注册' } });

    await t.setConfig('security', 'enable_register', 'false');
    expect((await register({ username: 'closed1', password: 'secret-1', email: 'c1@example.com' })).body.message).toBe(
      '系统未开放注册',
    );
    await t.setConfig('security', 'enable_register', 'true');
    await t.setConfig('security', 'is_close', 'true');
    const closed = await register({ username: 'closed2', password: 'secret-1', email: 'c2@example.com' });
    expect(closed.status).toBe(400);
    await t.setConfig('security', 'is_close', 'false');
  });

  it('asks for an e-mail code when registration e-mails are verified', async () => {
    await t.setConfig('security', 'enable_verify_register_email', 'true');
    const res = await register({ username: 'needcode', password: 'secret-1', email: 'needcode@example.com' });
    expect(res).toMatchObject({ status: 400, body: { message: '邮箱验证码不正确或已过期' } });
    await t.setConfig('security', 'enable_verify_register_email', 'false');
  });

  it('rejects wrong credentials with one message', async () => {
    await t.member('loginer', 'right-pass');
    for (const payload of [
      { username: 'loginer', password: 'wrong-pass' },
      { username: 'nobody-here', password: 'x' },
      { username: 'no@ne.cn', password: 'x' },
    ]) {
      const res = await t.call({ method: 'POST', url: '/api/v1/user/login', payload });
      expect(res).toMatchObject({ status: 400, body: { code: 3, message: '用户名或密码错误' } });
    }
    const empty = await t.call({ method: 'POST', url: '/api/v1/user/login', payload: { username: '', password: 'x' } });
    expect(empty.body.message).toBe('请输入用户名或邮箱');
  });

  it('asks for a captcha after repeated failures on one account, not on others from the address', async () => {
    await t.member('guessed-at', 'right-pass-1');
    const attempt = (username: string) =>
      t.call({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { username, password: 'bad-guess' },
        remoteAddress: '10.9.8.7',
      });
    for (let i = 0; i < 5; i++) expect((await attempt('guessed-at')).body.message).toBe('用户名或密码错误');
    const limited = await attempt('guessed-at');
    expect(limited).toMatchObject({ status: 400, body: { code: 3, message: '登录失败次数较多，请输入验证码后再登录' } });
    // other accounts from the same address (an office behind one NAT) are not affected
    const other = await attempt('someone-else');
    expect(other).toMatchObject({ status: 400, body: { message: '用户名或密码错误' } });
  });

  it('shows full profiles to the owner and holders, a public subset to others', async () => {
    const a = await t.member('viewer-a');
    const b = await t.member('viewer-b');
    await t.ctx.db.updateTable('users').set({ remark: '内部备注', mobile: '13800000000' }).where('id', '=', b.id).execute();

    expect(await t.call({ url: '/api/v1/user' })).toMatchObject({ status: 400, body: { message: 'ID错误' } });
    const anon = await t.call({ url: `/api/v1/user?id=${b.id}` });
    expect(anon.status).toBe(200);
    expect(Object.keys(anon.body).sort()).toEqual(['credit_count', 'id', 'username']);
    const other = await t.call({ url: `/api/v1/user?id=${b.id}`, token: a.token });
    expect(other.body.email).toBeUndefined();
    expect(other.body.mobile).toBeUndefined();

    const own = await t.call({ url: '/api/v1/user?id=0', token: b.token });
    expect(own.body).toMatchObject({ email: 'viewer-b@example.com', mobile: '13800000000' });
    expect(own.body.remark).toBeUndefined();
    const byAdmin = await t.call({ url: `/api/v1/user?id=${b.id}`, token: admin });
    expect(byAdmin.body).toMatchObject({ email: 'viewer-b@example.com', remark: '内部备注' });
    expect(byAdmin.body.password).toBeUndefined();
    expect(await t.call({ url: '/api/v1/user?id=999999' })).toMatchObject({
      status: 404,
      body: { code: 5, message: '用户不存在' },
    });
  });

  it('changes passwords: own with the old one, others with the permission', async () => {
    const m = await t.member('pw-user', 'old-pass-1');
    const url = '/api/v1/user/password';
    expect((await t.call({ method: 'PUT', url, payload: { old_password: 'x', new_password: 'new-pass-1' } })).status).toBe(401);
    const wrong = await t.call({
      method: 'PUT',
      url,
      token: m.token,
      payload: { old_password: 'nope-nope', new_password: 'new-pass-1' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { message: '原密码不正确' } });
    const short = await t.call({
      method: 'PUT',
      url,
      token: m.token,
      payload: { old_password: 'old-pass-1', new_password: '123' },
    });
    expect(short).toMatchObject({ status: 400, body: { message: '新密码至少6位' } });
    const ok = await t.call({
      method: 'PUT',
      url,
      token: m.token,
      payload: { old_password: 'old-pass-1', new_password: 'new-pass-1' },
    });
    expect(ok.status).toBe(200);
    await t.login('pw-user', 'new-pass-1');

    const other = await t.member('pw-other');
    const denied = await t.call({ method: 'PUT', url, token: m.token, payload: { id: other.id, new_password: 'hacked-1' } });
    expect(denied).toMatchObject({ status: 403, body: { code: 7, message: '您没有权限访问【修改用户密码】' } });
    expect(
      (await t.call({ method: 'PUT', url, token: admin, payload: { id: other.id, new_password: 'reset-by-admin' } })).status,
    ).toBe(200);
    await t.login('pw-other', 'reset-by-admin');

    // a holder who is not root still cannot take over the root account
    await grant(t, m.id, ['/api.v1.UserAPI/UpdateUserPassword']);
    const root = await t.call({ method: 'PUT', url, token: m.token, payload: { id: 1, new_password: 'taken-over' } });
    expect(root.status).toBe(403);
    await t.login('admin', ADMIN_PASSWORD);
    expect(
      (await t.call({ method: 'PUT', url, token: m.token, payload: { id: 999999, new_password: 'whatever1' } })).status,
    ).toBe(404);
  });

  it('updates profiles: members only themselves, holders anyone', async () => {
    const m = await t.member('profiled');
    const other = await t.member('profiled-other');
    const url = '/api/v1/user/profile';
    expect((await t.call({ method: 'PUT', url, payload: { signature: 'x' } })).status).toBe(401);
    const bad = await t.call({ method: 'PUT', url, token: m.token, payload: { email: 'bad' } });
    expect(bad).toMatchObject({ status: 400, body: { message: '邮箱格式不正确' } });
    const taken = await t.call({ method: 'PUT', url, token: m.token, payload: { email: 'profiled-other@example.com' } });
    expect(taken.status).toBe(409);

    // a member naming another id still edits only itself; the admin note is ignored
    const res = await t.call({
      method: 'PUT',
      url,
      token: m.token,
      payload: { id: other.id, signature: '你好', realname: '王五', remark: 'x', username: 'ignored' },
    });
    expect(res.status).toBe(200);
    const self = (await t.call({ url: '/api/v1/user', token: admin, query: { id: String(m.id) } })).body;
    expect(self).toMatchObject({ signature: '你好', realname: '王五', username: 'profiled', email: 'profiled@example.com' });
    expect(self.remark).toBeUndefined();
    expect((await t.call({ url: `/api/v1/user?id=${other.id}`, token: admin })).body.signature).toBeUndefined();

    const byAdmin = await t.call({
      method: 'PUT',
      url,
      token: admin,
      payload: { id: other.id, remark: '重点用户', address: '北京' },
    });
    expect(byAdmin.status).toBe(200);
    expect((await t.call({ url: `/api/v1/user?id=${other.id}`, token: admin })).body).toMatchObject({
      remark: '重点用户',
      address: '北京',
    });

    await grant(t, m.id, ['/api.v1.UserAPI/UpdateUserProfile']);
    expect((await t.call({ method: 'PUT', url, token: m.token, payload: { id: 1, email: 'mine@evil.cn' } })).status).toBe(403);
  });

  it('lists the permissions of the caller', async () => {
    const m = await t.member('perm-user');
    expect((await t.call({ url: '/api/v1/user/permission' })).status).toBe(401);
    const none = await t.call({ url: '/api/v1/user/permission', token: m.token });
    expect(none).toMatchObject({ status: 200, body: {} });
    await grant(t, m.id, ['/api.v1.UserAPI/ListUser', '/api.v1.UserAPI/GetUser']);
    const some = await t.call({ url: '/api/v1/user/permission', token: m.token });
    expect(some.body.permission.map((p: { path: string }) => p.path).sort()).toEqual([
      '/api.v1.UserAPI/GetUser',
      '/api.v1.UserAPI/ListUser',
    ]);
    expect(some.body.permission[0]).toMatchObject({ method: 'GRPC', title: expect.any(String), id: expect.any(Number) });

    const all = await t.call({ url: '/api/v1/user/permission', token: admin });
    const count = await t.ctx.db
      .selectFrom('permissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(all.body.permission.length).toBe(Number(count.n));
  });

  it('answers the upload and article checks from the groups', async () => {
    const m = await t.member('checker');
    for (const path of ['caniuploaddocument', 'canipublisharticle', 'group']) {
      expect((await t.call({ url: `/api/v1/user/${path}` })).status).toBe(401);
    }
    const groups = await t.call({ url: '/api/v1/user/group', token: m.token });
    expect(groups.body.group).toHaveLength(1);
    expect(groups.body.group[0]).toMatchObject({ title: '普通用户', is_default: true, enable_upload: true });

    expect(await t.call({ url: '/api/v1/user/caniuploaddocument', token: m.token })).toMatchObject({ status: 200, body: {} });
    expect((await t.call({ url: '/api/v1/user/canipublisharticle', token: m.token })).status).toBe(200);
    await t.ctx.db.updateTable('groups').set({ enable_upload: 0, enable_article: 0 }).where('is_default', '=', 1).execute();
    expect(await t.call({ url: '/api/v1/user/caniuploaddocument', token: m.token })).toMatchObject({
      status: 403,
      body: { code: 7, message: '您没有上传文档的权限' },
    });
    expect((await t.call({ url: '/api/v1/user/canipublisharticle', token: m.token })).body.message).toBe('您没有发布文章的权限');
    await t.ctx.db.updateTable('groups').set({ enable_upload: 1, enable_article: 1 }).where('is_default', '=', 1).execute();
  });
});
