import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { grantViaApi, permissionId } from '../support/grant-api.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('group API on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  onStart((ready) => ({ t, admin, member } = ready));

  const defaults = async () =>
    (await t.call({ url: '/api/v1/group/list', token: admin })).body.group.filter((g: { is_default?: boolean }) => g.is_default);

  it('lists the seeded groups publicly with live member counts, booleans as booleans', async () => {
    const res = await t.call({ url: '/api/v1/group/list' });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    const [adminGroup, members] = res.body.group;
    expect(adminGroup).toMatchObject({ id: 1, title: '超级管理员', user_count: 1, is_display: true });
    expect(members).toMatchObject({ id: 2, title: '普通用户', is_default: true, enable_upload: true });
    expect(members.user_count).toBeGreaterThanOrEqual(1);
    const one = await t.call({ url: '/api/v1/group?id=2' });
    expect(one.body).toMatchObject({ id: 2, is_default: true });
    expect((await t.call({ url: '/api/v1/group?id=999' })).body).toEqual({});
  });

  it('selects fields and honours wd only for holders of 获取用户组列表', async () => {
    const fields = await t.call({ url: '/api/v1/group/list?field=id&field=title' });
    expect(Object.keys(fields.body.group[0]).sort()).toEqual(['id', 'title']);
    expect((await t.call({ url: `/api/v1/group/list?wd=${encodeURIComponent('超级')}`, token: admin })).body.total).toBe(1);
    // anonymous keyword search is ignored
    expect((await t.call({ url: `/api/v1/group/list?wd=${encodeURIComponent('超级')}` })).body.total).toBeGreaterThanOrEqual(2);
  });

  it('creates a group honouring every flag sent; a new default clears the old one', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/group',
      token: admin,
      payload: {
        title: 'VIP 作者',
        color: '#f00',
        enable_upload: true,
        enable_comment: false,
        enable_article: false,
        enable_article_approval: true,
        sort: 5,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'VIP 作者',
      color: '#f00',
      enable_upload: true,
      enable_article_approval: true,
      sort: 5,
    });
    expect(res.body.enable_comment).toBeUndefined();
    expect(res.body.enable_article).toBeUndefined();
    const plain = await t.call({ method: 'POST', url: '/api/v1/group', token: admin, payload: { title: '默认值组' } });
    expect(plain.body).toMatchObject({ enable_comment: true, enable_article: true });

    const def = await t.call({
      method: 'POST',
      url: '/api/v1/group',
      token: admin,
      payload: { title: '新默认组', is_default: true },
    });
    expect(def.status).toBe(200);
    expect((await defaults()).map((g: { id: number }) => g.id)).toEqual([def.body.id]);

    const dup = await t.call({ method: 'POST', url: '/api/v1/group', token: admin, payload: { title: 'VIP 作者' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('用户组【VIP 作者】已存在');
    const empty = await t.call({ method: 'POST', url: '/api/v1/group', token: admin, payload: { title: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 3, message: '请输入用户组名称' });
  });

  it('updates a group; the last default cannot be un-defaulted', async () => {
    const [current] = await defaults();
    const off = await t.call({ method: 'PUT', url: '/api/v1/group', token: admin, payload: { ...current, is_default: false } });
    expect(off.status).toBe(400);
    expect(off.body.message).toBe('至少要有一个默认用户组');

    const back = await t.call({
      method: 'PUT',
      url: '/api/v1/group',
      token: admin,
      payload: { id: 2, title: '普通用户', is_default: true, enable_comment: true, description: '注册用户' },
    });
    expect(back.status).toBe(200);
    expect((await defaults()).map((g: { id: number }) => g.id)).toEqual([2]);
    const after = (await t.call({ url: '/api/v1/group?id=2' })).body;
    // a full overwrite: flags not sent are now false
    expect(after).toMatchObject({ description: '注册用户', enable_comment: true });
    expect(after.enable_upload).toBeUndefined();

    const clash = await t.call({
      method: 'PUT',
      url: '/api/v1/group',
      token: admin,
      payload: { id: 2, title: '超级管理员', is_default: true },
    });
    expect(clash.status).toBe(409);
    const missing = await t.call({ method: 'PUT', url: '/api/v1/group', token: admin, payload: { id: 999, title: 'x' } });
    expect(missing.status).toBe(404);
  });

  it('refuses to delete default groups and groups with users, naming them', async () => {
    const res = await t.call({ method: 'DELETE', url: '/api/v1/group?id=2', token: admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('默认用户组【普通用户】不能删除');
    const used = await t.call({ method: 'DELETE', url: '/api/v1/group?id=1', token: admin });
    expect(used.status).toBe(400);
    expect(used.body.message).toBe('用户组【超级管理员】下还有用户，不能删除');
    expect((await t.call({ method: 'DELETE', url: '/api/v1/group', token: admin })).status).toBe(400);

    const g = await t.call({ method: 'POST', url: '/api/v1/group', token: admin, payload: { title: '临时组' } });
    const pid = await permissionId(t, admin, '/api.v1.GroupAPI/ListGroup');
    await t.call({
      method: 'PUT',
      url: '/api/v1/group/permission',
      token: admin,
      payload: { group_id: g.body.id, permission_id: [pid] },
    });
    const del = await t.call({ method: 'DELETE', url: `/api/v1/group?id=${g.body.id}`, token: admin });
    expect(del.status).toBe(200);
    expect((await t.call({ url: `/api/v1/group?id=${g.body.id}` })).body).toEqual({});
    const grants = await t.ctx.db.selectFrom('group_permissions').select('id').where('group_id', '=', g.body.id).execute();
    expect(grants).toHaveLength(0);
  });

  it('replaces a group permission set; unknown permission ids are refused', async () => {
    const g = await t.call({ method: 'POST', url: '/api/v1/group', token: admin, payload: { title: '编辑组' } });
    const a = await permissionId(t, admin, '/api.v1.GroupAPI/ListGroup');
    const b = await permissionId(t, admin, { path: '/api/v1/upload/config', method: 'POST' });
    const set = await t.call({
      method: 'PUT',
      url: '/api/v1/group/permission',
      token: admin,
      payload: { group_id: g.body.id, permission_id: [b, a, a, 0] },
    });
    expect(set.status).toBe(200);
    const got = await t.call({ url: `/api/v1/group/permission?id=${g.body.id}`, token: admin });
    expect(got.body.permission_id).toEqual([a, b].sort((x, y) => x - y));
    await t.call({
      method: 'PUT',
      url: '/api/v1/group/permission',
      token: admin,
      payload: { group_id: g.body.id, permission_id: [b] },
    });
    expect((await t.call({ url: `/api/v1/group/permission?id=${g.body.id}`, token: admin })).body.permission_id).toEqual([b]);

    const bad = await t.call({
      method: 'PUT',
      url: '/api/v1/group/permission',
      token: admin,
      payload: { group_id: g.body.id, permission_id: [a, 99999] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('权限不存在：99999');
    expect((await t.call({ url: `/api/v1/group/permission?id=${g.body.id}`, token: admin })).body.permission_id).toEqual([b]);
    expect((await t.call({ url: '/api/v1/group/permission?id=999', token: admin })).status).toBe(404);
  });

  it('denies anonymous users (401) and members without the permission (403)', async () => {
    const anon = await t.call({ method: 'POST', url: '/api/v1/group', payload: { title: 'x' } });
    expect(anon.status).toBe(401);
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/api/v1/group', { title: 'x' }, '创建用户组'],
      ['PUT', '/api/v1/group', { id: 2, title: 'x', is_default: true }, '更新用户组'],
      ['DELETE', '/api/v1/group?id=3', undefined, '删除用户组'],
      ['GET', '/api/v1/group/permission?id=1', undefined, '获取用户组授权'],
      ['PUT', '/api/v1/group/permission', { group_id: 1, permission_id: [] }, '给用户组授权'],
    ];
    for (const [method, url, payload, title] of cases) {
      const res = await t.call({ method: method, url, payload: payload as object, token: member.token });
      expect(res.status, url).toBe(403);
      expect(res.body).toMatchObject({ code: 7, message: `您没有权限访问【${title}】` });
      expect((await t.call({ method: method, url, payload: payload as object })).status).toBe(401);
    }
  });

  it('lets a member holding the permissions through a group act', async () => {
    const editor = await t.member();
    await grantViaApi(t, admin, editor.id, [
      '/api.v1.GroupAPI/CreateGroup',
      '/api.v1.GroupAPI/GetGroupPermission',
      '/api.v1.GroupAPI/ListGroup',
    ]);
    const res = await t.call({ method: 'POST', url: '/api/v1/group', token: editor.token, payload: { title: '编辑创建的组' } });
    expect(res.status).toBe(200);
    expect((await t.call({ url: '/api/v1/group/permission?id=1', token: editor.token })).status).toBe(200);
    const found = await t.call({ url: `/api/v1/group/list?wd=${encodeURIComponent('编辑创建')}`, token: editor.token });
    expect(found.body.total).toBe(1);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/group?id=${res.body.id}`, token: editor.token })).status).toBe(403);
  });
});
