import { expect } from 'vitest';
import { ADMIN_PASSWORD, type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { grant } from '../support/grant.ts';

describeEachDialect('user management API on %s', { member: false }, (dialect) => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  let defaultGroup: number;
  onStart(async (ready) => {
    ({ t, admin } = ready);
    member = await t.member('plain-member');
    defaultGroup = (await t.ctx.db.selectFrom('groups').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow()).id;
  });

  const groupCount = async (id: number) =>
    (await t.ctx.db.selectFrom('groups').select('user_count').where('id', '=', id).executeTakeFirstOrThrow()).user_count;
  const groupsOf = async (userId: number) =>
    (await t.ctx.db.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).orderBy('group_id').execute()).map(
      (r) => r.group_id,
    );
  const idOf = async (username: string) =>
    (await t.ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  it('denies anonymous users (401) and members without the permission (403)', async () => {
    const calls = [
      {
        method: 'POST' as const,
        url: '/api/v1/user',
        payload: { username: 'x-user', password: 'secret-1', email: 'x@x.cn', group_id: [defaultGroup] },
        title: '新增用户',
      },
      {
        method: 'PUT' as const,
        url: '/api/v1/user',
        payload: { id: member.id, group_id: [defaultGroup] },
        title: '设置用户密码与分组',
      },
      { method: 'DELETE' as const, url: `/api/v1/user?id=${member.id}&password=x`, title: '删除用户' },
    ];
    for (const { title, ...c } of calls) {
      expect((await t.call(c)).status).toBe(401);
      const res = await t.call({ ...c, token: member.token });
      expect(res).toMatchObject({ status: 403, body: { code: 7, message: `您没有权限访问【${title}】` } });
    }
  });

  it('adds users into existing groups', async () => {
    const url = '/api/v1/user';
    const before = await groupCount(defaultGroup);
    const ok = await t.call({
      method: 'POST',
      url,
      token: admin,
      payload: { username: 'added-1', password: 'secret-1', email: 'Added1@example.com', group_id: [defaultGroup, 1] },
    });
    expect(ok).toMatchObject({ status: 200, body: {} });
    expect(await groupCount(defaultGroup)).toBe(before + 1);
    expect(await groupsOf(await idOf('added-1'))).toEqual([1, defaultGroup].sort((a, b) => a - b));
    await t.login('added-1', 'secret-1');
    await t.login('added1@example.com', 'secret-1');

    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ username: 'added-2', password: 'secret-1', email: 'a2@example.com' }, 400, '请选择用户组'],
      [{ username: 'added-2', password: 'secret-1', email: 'a2@example.com', group_id: [] }, 400, '请选择用户组'],
      [{ username: 'added-2', password: 'secret-1', email: 'a2@example.com', group_id: [9999] }, 400, '用户组不存在'],
      [{ username: 'added-2', password: '123', email: 'a2@example.com', group_id: [defaultGroup] }, 400, '密码至少6位'],
      [{ username: 'added-2', password: 'secret-1', group_id: [defaultGroup] }, 400, '请输入邮箱'],
      [{ username: 'added-1', password: 'secret-1', email: 'a2@example.com', group_id: [defaultGroup] }, 409, '用户名已存在'],
      [{ username: 'added-2', password: 'secret-1', email: 'added1@example.com', group_id: [defaultGroup] }, 409, '邮箱已被注册'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await t.call({ method: 'POST', url, token: admin, payload });
      expect(res.status, JSON.stringify(payload)).toBe(status);
      expect(res.body.message).toBe(message);
    }
  });

  it('sets groups and password, keeping the group counters right', async () => {
    const u = await t.member('set-me', 'first-pass');
    const title = `编辑组-${dialect}`;
    const now = new Date().toISOString();
    const g = await t.ctx.db
      .insertInto('groups')
      .values({
        title,
        color: '',
        description: '',
        is_default: 0,
        is_display: 1,
        user_count: 0,
        sort: 0,
        enable_upload: 1,
        enable_document_review: 0,
        enable_comment: 1,
        enable_comment_approval: 0,
        enable_article: 1,
        enable_article_approval: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const defBefore = await groupCount(defaultGroup);

    const res = await t.call({
      method: 'PUT',
      url: '/api/v1/user',
      token: admin,
      payload: { id: u.id, group_id: [g.id], password: 'second-pass' },
    });
    expect(res.status).toBe(200);
    expect(await groupsOf(u.id)).toEqual([g.id]);
    expect(await groupCount(g.id)).toBe(1);
    expect(await groupCount(defaultGroup)).toBe(defBefore - 1);
    await t.login('set-me', 'second-pass');

    // without a password only the groups change
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/user', token: admin, payload: { id: u.id, group_id: [g.id, defaultGroup] } }))
        .status,
    ).toBe(200);
    expect(await groupCount(defaultGroup)).toBe(defBefore);
    await t.login('set-me', 'second-pass');

    const bad: Array<[Record<string, unknown>, number, string]> = [
      [{ id: u.id }, 400, '请选择用户组'],
      [{ id: u.id, group_id: [g.id], password: '12' }, 400, '密码至少6位'],
      [{ id: 999999, group_id: [g.id] }, 404, '用户不存在'],
      [{ id: u.id, group_id: [424242] }, 400, '用户组不存在'],
    ];
    for (const [payload, status, message] of bad) {
      const r = await t.call({ method: 'PUT', url: '/api/v1/user', token: admin, payload });
      expect(r.status, JSON.stringify(payload)).toBe(status);
      expect(r.body.message).toBe(message);
    }

    // a holder of the permission cannot reset the root account's password
    const holder = await t.member('set-holder');
    await grant(t, holder.id, ['/api.v1.UserAPI/SetUser']);
    const root = await t.call({
      method: 'PUT',
      url: '/api/v1/user',
      token: holder.token,
      payload: { id: 1, group_id: [1], password: 'taken-over' },
    });
    expect(root.status).toBe(403);
    await t.login('admin', ADMIN_PASSWORD);
  });

  it('deletes users after checking the caller password and their content', async () => {
    const doomed = await t.member('doomed');
    const busy = await t.member('busy-author');
    await t.ctx.db.updateTable('users').set({ doc_count: 2 }).where('id', '=', busy.id).execute();
    const before = await groupCount(defaultGroup);
    // a review notice the member has not read yet goes with the account
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('notifications')
      .values({
        user_id: doomed.id,
        kind: 'document',
        target_id: 1,
        title: '文档未通过审核',
        content: '',
        created_at: now,
        updated_at: now,
      })
      .execute();

    expect(await t.call({ method: 'DELETE', url: '/api/v1/user?password=x', token: admin })).toMatchObject({
      status: 400,
      body: { message: '请选择要删除的用户' },
    });
    const wrong = await t.call({ method: 'DELETE', url: `/api/v1/user?id=${doomed.id}&password=wrong`, token: admin });
    expect(wrong).toMatchObject({ status: 400, body: { code: 3, message: '密码错误' } });
    const refused = await t.call({
      method: 'DELETE',
      url: `/api/v1/user?id=${doomed.id}&id=${busy.id}&password=${ADMIN_PASSWORD}`,
      token: admin,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('busy-author');
    expect(await groupsOf(doomed.id)).toEqual([defaultGroup]); // nothing deleted

    const ok = await t.call({
      method: 'DELETE',
      url: `/api/v1/user?id=${doomed.id}&id=1&password=${ADMIN_PASSWORD}`,
      token: admin,
    });
    expect(ok).toMatchObject({ status: 200, body: {} });
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', doomed.id).executeTakeFirst()).toBeUndefined();
    expect(await groupsOf(doomed.id)).toEqual([]);
    expect(await t.ctx.db.selectFrom('credit_logs').select('id').where('user_id', '=', doomed.id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', doomed.id).execute()).toEqual([]);
    expect(await groupCount(defaultGroup)).toBe(before - 1);
    expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', 1).executeTakeFirst()).toBeDefined();
  });

  it('lists users: public columns for everyone, everything with the permission', async () => {
    for (let i = 0; i < 12; i++) await t.member(`lister-${String(i).padStart(2, '0')}`);
    await t.ctx.db
      .updateTable('users')
      .set({ realname: '李四', mobile: '13900000000' })
      .where('username', '=', 'lister-03')
      .execute();

    const anon = await t.call({ url: '/api/v1/user/list?size=1' });
    expect(anon.status).toBe(200);
    expect(anon.body.user).toHaveLength(10); // size is clamped to 10..1000
    expect(anon.body.total).toBeGreaterThanOrEqual(13);
    for (const u of anon.body.user) {
      expect(u.email).toBeUndefined();
      expect(u.register_ip).toBeUndefined();
      expect(u.group_id).toBeUndefined(); // groups are for holders of 查看用户列表 (tests/server/config/info.test.ts)
    }
    expect(anon.body.user[0].id).toBeGreaterThan(anon.body.user[1].id); // newest first

    // keywords only work for holders
    const anonWd = await t.call({ url: '/api/v1/user/list?wd=13900000000' });
    expect(anonWd.body.user.length).toBeGreaterThan(1);
    const adminWd = await t.call({ url: '/api/v1/user/list?wd=13900000000', token: admin });
    expect(adminWd.body).toMatchObject({
      total: 1,
      user: [{ username: 'lister-03', realname: '李四', email: 'lister-03@example.com' }],
    });
    expect(adminWd.body.user[0].password).toBeUndefined();

    // % and _ in a keyword match themselves
    await t.member('lit_us');
    await t.member('litxus');
    expect((await t.call({ url: '/api/v1/user/list?wd=lit_', token: admin })).body).toMatchObject({
      total: 1,
      user: [{ username: 'lit_us' }],
    });

    const member2 = await t.member('list-holder');
    await grant(t, member2.id, ['/api.v1.UserAPI/ListUser']);
    expect((await t.call({ url: '/api/v1/user/list?wd=李四', token: member2.token })).body.total).toBe(1);
    expect((await t.call({ url: '/api/v1/user/list?wd=李四', token: member.token })).body.total).toBeGreaterThan(1);

    const byIds = await t.call({ url: `/api/v1/user/list?id=1&id=${member.id}`, token: admin });
    expect(byIds.body.total).toBeUndefined();
    expect(byIds.body.user.map((u: { id: number }) => u.id).sort((a: number, b: number) => a - b)).toEqual([1, member.id]);
    const limited = await t.call({ url: '/api/v1/user/list?limit=3' });
    expect(limited.body.total).toBeUndefined();
    expect(limited.body.user).toHaveLength(3);

    const admins = await t.call({ url: '/api/v1/user/list?group_id=1', token: admin });
    expect(admins.body.user.map((u: { username: string }) => u.username)).toContain('admin');
    expect(admins.body.user.every((u: { group_id: number[] }) => u.group_id.includes(1))).toBe(true);

    const sorted = await t.call({ url: '/api/v1/user/list?sort=username asc&size=1000' });
    const names = sorted.body.user.map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort());
    const page1 = await t.call({ url: '/api/v1/user/list?page=1&size=10' });
    const page2 = await t.call({ url: '/api/v1/user/list?page=2&size=10' });
    expect(page2.body.user[0].id).toBeLessThan(page1.body.user[9].id);
  });
});

describeEachDialect('replies carry no internal columns on %s', { admin: false, member: false }, () => {
  const INTERNAL = ['password', 'username_key', 'token_version', 'token_keep', 'reset_nonce'];
  const internalKeys = (u: object) => Object.keys(u).filter((k) => INTERNAL.includes(k));

  it('login, register, GET /user and the admin user list', async ({ t }) => {
    const reg = await t.call({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { username: 'wire-user', password: 'secret-123', email: 'wire@example.com' },
    });
    expect(reg.status).toBe(200);
    expect(internalKeys(reg.body.user)).toEqual([]);
    const login = await t.call({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { username: 'wire-user', password: 'secret-123' },
    });
    expect(login.status).toBe(200);
    expect(internalKeys(login.body.user)).toEqual([]);
    const me = await t.call({ url: '/api/v1/user', token: login.body.token });
    expect(me.body).toMatchObject({ username: 'wire-user' });
    expect(internalKeys(me.body)).toEqual([]);
    const admin = await t.adminToken();
    const list = await t.call({ url: '/api/v1/user/list?size=100', token: admin });
    expect(list.body.user.length).toBeGreaterThanOrEqual(2);
    for (const u of list.body.user) expect(internalKeys(u)).toEqual([]);
    const one = await t.call({ url: `/api/v1/user?id=${reg.body.user.id}`, token: admin });
    expect(one.body).toMatchObject({ username: 'wire-user', email: 'wire@example.com' });
    expect(internalKeys(one.body)).toEqual([]);
  });
});
