import { expect } from 'vitest';
import { fileForm, png } from '../support/documents.ts';
import { type TestApp } from '../support/app.ts';
import { grantViaApi } from '../support/grant-api.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('banner API on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  let rebuilds: string[];
  onStart((ready) => ({ t, admin, member, rebuilds } = ready));

  const upload = async (token?: string) =>
    t.call({ method: 'POST', url: '/api/v1/upload/banner', token, ...(await fileForm(await png(64, 32, '#a33'), 'slide.png')) });
  const create = (payload: Record<string, unknown>, token = admin) =>
    t.call({ method: 'POST', url: '/api/v1/banner', token, payload });

  it('uploads a banner image for holders of the permission, 401/403 otherwise', async () => {
    const res = await upload(admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 5, width: 64, height: 32, ext: '.png' });
    expect(res.body.data.path).toMatch(/^\/uploads\//);
    expect((await upload()).status).toBe(401);
    const denied = await upload(member.token);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('您没有权限访问【上传轮播图】');
  });

  it('creates a banner from an uploaded image and claims the attachment', async () => {
    const up = await upload(admin);
    rebuilds.length = 0;
    const res = await create({ title: '首页大图', path: up.body.data.path, url: '/library', sort: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: '首页大图', path: up.body.data.path, url: '/library', sort: 5, enable: true });
    expect(rebuilds).toEqual(['banner']);
    const att = await t.call({ url: `/api/v1/attachment?id=${up.body.data.id}`, token: admin });
    expect(att.body.type_id).toBe(res.body.id);
  });

  it('honours enable:false on create (moredoc stored true)', async () => {
    const res = await create({ title: '停用', path: 'https://cdn.example.com/a.png', enable: false, type: 2 });
    expect(res.status).toBe(200);
    expect(res.body.enable).toBeUndefined();
    const got = await t.call({ url: `/api/v1/banner?id=${res.body.id}`, token: admin });
    expect(got.body).toMatchObject({ title: '停用', type: 2 });
    expect(got.body.enable).toBeUndefined();
  });

  it('rejects a missing or unsafe image path, unsafe links and unknown types', async () => {
    const missing = await create({ title: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 3, message: '请上传轮播图图片' });
    for (const path of ['javascript:alert(1)', '/etc/passwd', '/uploads/../secret', 'data:image/png;base64,AA']) {
      const res = await create({ path });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('轮播图图片必须是本站上传的图片或 http(s) 图片地址');
    }
    const link = await create({ path: '/uploads/a/b.png', url: 'javascript:alert(1)' });
    expect(link.body.message).toBe('链接地址只能是站内路径或 http(s) 地址');
    expect((await create({ path: '/uploads/a/b.png', url: '//evil.example' })).status).toBe(400);
    const type = await create({ path: '/uploads/a/b.png', type: 9 });
    expect(type.status).toBe(400);
    expect(type.body.message).toContain('轮播图类型');
  });

  it('lists enabled banners publicly with few columns; holders see all', async () => {
    await create({ title: '小程序图', path: 'https://cdn.example.com/m.png', type: 1, sort: 9 });
    const pub = await t.call({ url: '/api/v1/banner/list?type=0&type=1' });
    expect(pub.status).toBe(200);
    const titles = pub.body.banner.map((b: { title: string }) => b.title);
    expect(titles).toEqual(['小程序图', '首页大图']); // sort desc, disabled hidden
    expect(Object.keys(pub.body.banner[0]).sort()).toEqual(['id', 'path', 'title', 'type']);
    expect(pub.body.total).toBe(2);
    const web = await t.call({ url: '/api/v1/banner/list?type=0' });
    expect(web.body.banner.map((b: { title: string }) => b.title)).toEqual(['首页大图']);
    // filters of holders are ignored for everybody else
    expect((await t.call({ url: '/api/v1/banner/list?enable=false', token: member.token })).body.total).toBe(2);

    const all = await t.call({ url: '/api/v1/banner/list', token: admin });
    expect(all.body.total).toBe(3);
    expect(all.body.banner[2].title).toBe('停用'); // enabled first
    const off = await t.call({ url: '/api/v1/banner/list?enable=false', token: admin });
    expect(off.body.banner.map((b: { title: string }) => b.title)).toEqual(['停用']);
    const wd = await t.call({ url: `/api/v1/banner/list?wd=${encodeURIComponent('首页')}&field=id&field=title`, token: admin });
    expect(wd.body.banner).toEqual([{ id: expect.any(Number), title: '首页大图' }]);

    const lister = await t.member();
    await grantViaApi(t, admin, lister.id, ['/api.v1.BannerAPI/ListBanner']);
    expect((await t.call({ url: '/api/v1/banner/list', token: lister.token })).body.total).toBe(3);
  });

  it('updates by overwriting the row and deletes', async () => {
    const made = await create({ title: '旧', path: 'https://cdn.example.com/o.png', description: '说明', sort: 3 });
    rebuilds.length = 0;
    const upd = await t.call({
      method: 'PUT',
      url: '/api/v1/banner',
      token: admin,
      payload: { id: made.body.id, title: '新', path: made.body.path },
    });
    expect(upd.status).toBe(200);
    expect(rebuilds).toEqual(['banner']);
    const got = (await t.call({ url: `/api/v1/banner?id=${made.body.id}`, token: admin })).body;
    expect(got).toMatchObject({ id: made.body.id, title: '新' });
    expect(got.description).toBeUndefined();
    expect(got.enable).toBeUndefined(); // a missing flag means false
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/banner', token: admin, payload: { id: 99999, path: made.body.path } })).status,
    ).toBe(404);

    expect((await t.call({ method: 'DELETE', url: '/api/v1/banner', token: admin })).body.message).toBe('请选择要删除的轮播图');
    const del = await t.call({ method: 'DELETE', url: `/api/v1/banner?id=${made.body.id}`, token: admin });
    expect(del.status).toBe(200);
    const gone = await t.call({ url: `/api/v1/banner?id=${made.body.id}`, token: admin });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('轮播图不存在');
  });

  it('denies anonymous users (401) and members without the permission (403)', async () => {
    expect((await create({ path: '/uploads/a.png' }, '')).status).toBe(401);
    const res = await create({ path: '/uploads/a.png' }, member.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 7, message: '您没有权限访问【创建轮播图】' });
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/banner', token: member.token, payload: { id: 1, path: '/uploads/a.png' } }))
        .status,
    ).toBe(403);
    expect((await t.call({ method: 'DELETE', url: '/api/v1/banner?id=1', token: member.token })).status).toBe(403);
    expect((await t.call({ url: '/api/v1/banner?id=1', token: member.token })).body.message).toBe(
      '您没有权限访问【根据ID查询轮播图】',
    );
    expect((await t.call({ url: '/api/v1/banner?id=1' })).status).toBe(401);
  });
});
