import { expect } from 'vitest';
import { grantViaApi, permissionId } from '../support/grant-api.ts';
import { describeEachDialect, it } from '../support/fixture.ts';

describeEachDialect('permission API on %s', () => {
  it('lists every permission ordered by path, with filters', async ({ t, admin }) => {
    const all = await t.call({ url: '/api/v1/permission/list?size=0', token: admin });
    expect(all.status).toBe(200);
    const paths = all.body.permission.map((p: { path: string }) => p.path);
    expect(all.body.total).toBe(paths.length);
    expect(paths).toEqual([...paths].sort());
    // declared routes are synced into the table, including the upload routes (method POST)
    expect(all.body.permission).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'POST', path: '/api/v1/upload/category', title: '上传文档分类封面' }),
        expect.objectContaining({ method: 'GRPC', path: '/api.v1.LanguageAPI/CreateLanguage', title: '新增语言' }),
      ]),
    );

    const post = await t.call({ url: '/api/v1/permission/list?size=0&method=POST', token: admin });
    expect(post.body.permission.length).toBeGreaterThan(0);
    expect(post.body.permission.every((p: { method: string }) => p.method === 'POST')).toBe(true);

    const byPath = await t.call({ url: '/api/v1/permission/list?path=GroupAPI&size=0', token: admin });
    expect(byPath.body.total).toBe(6); // Create, Update, Delete, List, GetGroupPermission, UpdateGroupPermission
    const byTitle = await t.call({ url: `/api/v1/permission/list?wd=${encodeURIComponent('用户组')}`, token: admin });
    expect(byTitle.body.permission.every((p: { title: string }) => p.title.includes('用户组'))).toBe(true);

    const paged = await t.call({ url: '/api/v1/permission/list?page=2&size=5', token: admin });
    expect(paged.body.permission).toHaveLength(5);
    expect(paged.body.permission[0].path).toBe(paths[5]);
  });

  it('gets and updates only title and description', async ({ t, admin }) => {
    const id = await permissionId(t, admin, '/api.v1.CategoryAPI/GetCategory');
    const res = await t.call({
      method: 'PUT',
      url: '/api/v1/permission',
      token: admin,
      payload: { id, title: '查看分类', description: '分类详情', path: '/evil', method: 'GET' },
    });
    expect(res.status).toBe(200);
    const got = await t.call({ url: `/api/v1/permission?id=${id}`, token: admin });
    expect(got.body).toMatchObject({
      id,
      title: '查看分类',
      description: '分类详情',
      path: '/api.v1.CategoryAPI/GetCategory',
      method: 'GRPC',
    });

    const empty = await t.call({ method: 'PUT', url: '/api/v1/permission', token: admin, payload: { id, title: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('请输入权限名称');
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/permission', token: admin, payload: { id: 99999, title: 'x' } })).status,
    ).toBe(404);
    const missing = await t.call({ url: '/api/v1/permission?id=99999', token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('权限不存在');
  });

  it('denies anonymous users (401) and members without the permission (403)', async ({ t, member }) => {
    for (const [method, url, payload, title] of [
      ['GET', '/api/v1/permission/list', undefined, '获取权限列表'],
      ['GET', '/api/v1/permission?id=1', undefined, '根据ID查询权限'],
      ['PUT', '/api/v1/permission', { id: 1, title: 'x' }, '更新权限信息'],
    ] as const) {
      expect((await t.call({ method, url, payload })).status).toBe(401);
      const res = await t.call({ method, url, payload, token: member.token });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(`您没有权限访问【${title}】`);
    }
  });

  it('lets a member holding the permission through a group list permissions', async ({ t, admin }) => {
    const viewer = await t.member();
    await grantViaApi(t, admin, viewer.id, ['/api.v1.PermissionAPI/ListPermission']);
    const res = await t.call({ url: '/api/v1/permission/list', token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThan(90);
    expect((await t.call({ url: '/api/v1/permission?id=1', token: viewer.token })).status).toBe(403);
  });
});
