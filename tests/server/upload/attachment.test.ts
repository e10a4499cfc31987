import { expect } from 'vitest';
import { fileForm, png } from '../support/documents.ts';
import { type TestApp } from '../support/app.ts';
import { grantViaApi } from '../support/grant-api.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('attachment API on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string; username: string };
  let logo: { id: number; hash: string };
  let avatar: { id: number };
  let logoBytes: Buffer;
  onStart((ready) => ({ t, admin, member } = ready));

  const upload = async (route: string, data: Buffer, name: string, token: string) =>
    t.call({ method: 'POST', url: `/api/v1/upload/${route}`, token, ...(await fileForm(data, name)) });

  it('lists attachments with uploader name and type label, filtered', async () => {
    logoBytes = await png(20, 10, '#123456');
    logo = (await upload('config', logoBytes, 'logo.png', admin)).body.data;
    avatar = (await upload('avatar', await png(20, 10, '#654321'), 'me.png', member.token)).body.data;
    await upload('category', await png(20, 10, '#abcdef'), 'cover.png', admin);

    const res = await t.call({ url: '/api/v1/attachment/list', token: admin });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.attachment[0]).toMatchObject({
      name: 'cover.png',
      type: 6,
      type_name: '分类封面',
      username: 'admin',
      enable: true,
    });
    expect(res.body.attachment[0].deleted_at).toBeUndefined();
    const mine = await t.call({ url: `/api/v1/attachment/list?user_id=${member.id}`, token: admin });
    expect(mine.body.attachment).toEqual([
      expect.objectContaining({ id: avatar.id, type: 1, type_name: '头像', username: member.username }),
    ]);
    const types = await t.call({ url: '/api/v1/attachment/list?type=7&type=6', token: admin });
    expect(types.body.total).toBe(2);
    const byHash = await t.call({ url: `/api/v1/attachment/list?wd=${logo.hash.slice(3, 12)}`, token: admin });
    expect(byHash.body.attachment.map((a: { id: number }) => a.id)).toEqual([logo.id]);
    expect((await t.call({ url: '/api/v1/attachment/list?wd=logo', token: admin })).body.total).toBe(1);
    expect((await t.call({ url: '/api/v1/attachment/list?size=1&page=2', token: admin })).body.attachment).toHaveLength(1);
  });

  it('gets one attachment by id', async () => {
    const res = await t.call({ url: `/api/v1/attachment?id=${logo.id}`, token: admin });
    expect(res.body).toMatchObject({ id: logo.id, hash: logo.hash, type_name: '配置', username: 'admin' });
    expect((await t.call({ url: '/api/v1/attachment?id=99999', token: admin })).body).toMatchObject({
      code: 5,
      message: '附件不存在',
    });
    expect((await t.call({ url: '/api/v1/attachment', token: admin })).status).toBe(400);
  });

  it('renames, and disabling marks the file illegal until it is enabled again', async () => {
    const upd = await t.call({
      method: 'PUT',
      url: '/api/v1/attachment',
      token: admin,
      payload: { id: logo.id, name: '站点标志.png', description: '首页 Logo' },
    });
    expect(upd.status).toBe(200);
    const got = (await t.call({ url: `/api/v1/attachment?id=${logo.id}`, token: admin })).body;
    expect(got).toMatchObject({ name: '站点标志.png', description: '首页 Logo', enable: true }); // absent enable keeps it

    await t.call({
      method: 'PUT',
      url: '/api/v1/attachment',
      token: admin,
      payload: { id: logo.id, name: '站点标志.png', enable: false },
    });
    const banned = await upload('config', logoBytes, 'again.png', admin);
    expect(banned.status).toBe(400);
    expect(banned.body.message).toBe('文件已被标记为非法文件，禁止上传');
    const off = await t.call({ url: '/api/v1/attachment/list?enable=false', token: admin });
    expect(off.body.attachment.map((a: { id: number }) => a.id)).toEqual([logo.id]);
    expect((await t.call({ url: `/api/v1/attachment?id=${logo.id}`, token: admin })).body.description).toBe('首页 Logo');

    await t.call({
      method: 'PUT',
      url: '/api/v1/attachment',
      token: admin,
      payload: { id: logo.id, name: '站点标志.png', enable: true },
    });
    expect((await upload('config', logoBytes, 'again.png', admin)).status).toBe(200);

    const empty = await t.call({ method: 'PUT', url: '/api/v1/attachment', token: admin, payload: { id: logo.id, name: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('请输入附件名称');
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/attachment', token: admin, payload: { id: 99999, name: 'x' } })).status,
    ).toBe(404);
  });

  it('refuses to delete, as moredoc does: attachments follow what they belong to', async () => {
    const before = (await t.call({ url: '/api/v1/attachment/list', token: admin })).body.total;
    for (const token of [admin, undefined]) {
      const del = await t.call({ method: 'DELETE', url: `/api/v1/attachment?id=${avatar.id}`, token });
      expect(del.status).toBe(403);
      expect(del.body).toMatchObject({
        code: 7,
        message: '附件不允许直接删除。附件由系统直接管理，会随着相应数据的删除而自动删除。',
      });
    }
    expect((await t.call({ url: '/api/v1/attachment/list', token: admin })).body.total).toBe(before);
    const row = await t.ctx.db
      .selectFrom('attachments')
      .select(['deleted_at', 'path'])
      .where('id', '=', avatar.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
    expect((await t.app.inject({ url: row.path })).statusCode).toBe(200);
  });

  it('denies anonymous users (401) and members without the permission (403)', async () => {
    expect((await t.call({ url: '/api/v1/attachment/list' })).status).toBe(401);
    const list = await t.call({ url: '/api/v1/attachment/list', token: member.token });
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ code: 7, message: '您没有权限访问【查看附件列表】' });
    expect((await t.call({ url: `/api/v1/attachment?id=${logo.id}`, token: member.token })).body.message).toBe(
      '您没有权限访问【根据ID查询附件】',
    );
    const upd = await t.call({
      method: 'PUT',
      url: '/api/v1/attachment',
      token: member.token,
      payload: { id: logo.id, name: 'x', enable: false },
    });
    expect(upd.body.message).toBe('您没有权限访问【更新附件信息】');

    const keeper = await t.member();
    await grantViaApi(t, admin, keeper.id, ['/api.v1.AttachmentAPI/ListAttachment']);
    expect((await t.call({ url: '/api/v1/attachment/list', token: keeper.token })).status).toBe(200);
  });
});
