import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { grantViaApi } from '../support/grant-api.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('friend link API on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  let rebuilds: string[];
  onStart((ready) => ({ t, admin, member, rebuilds } = ready));

  const create = (payload: Record<string, unknown>, token = admin) =>
    t.call({ method: 'POST', url: '/api/v1/friendlink', token, payload });

  it('seeds no friend links (moredoc seeds links to its own sites)', async () => {
    const res = await t.call({ url: '/api/v1/friendlink/list', token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it('creates links, enabled unless told otherwise', async () => {
    const res = await create({ title: '开源中国', link: 'https://www.oschina.net', description: '社区', sort: 10 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: '开源中国', link: 'https://www.oschina.net', sort: 10, enable: true });
    expect(rebuilds).toContain('friendlink');
    const off = await create({ title: '停用链接', link: 'http://off.example.com', enable: false });
    expect(off.body.enable).toBeUndefined();
    await create({ title: '百科', link: 'https://baike.example.com', sort: 20 });
  });

  it('rejects links that are not http(s) URLs and empty titles', async () => {
    for (const link of ['javascript:alert(1)', 'ftp://x.example', '/relative', 'not a url', '']) {
      const res = await create({ title: 'x', link });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 3, message: '请输入正确的链接地址' });
    }
    const res = await create({ title: ' ', link: 'https://x.example' });
    expect(res.body.message).toBe('请输入友链名称');
  });

  it('lists enabled links publicly with id, title and link only; holders see everything', async () => {
    const pub = await t.call({ url: '/api/v1/friendlink/list' });
    expect(pub.body.total).toBe(2);
    expect(pub.body.friendlink.map((f: { title: string }) => f.title)).toEqual(['百科', '开源中国']);
    expect(Object.keys(pub.body.friendlink[1]).sort()).toEqual(['id', 'link', 'title']);
    expect((await t.call({ url: '/api/v1/friendlink/list?enable=false&wd=x', token: member.token })).body.total).toBe(2);

    const all = await t.call({ url: '/api/v1/friendlink/list', token: admin });
    expect(all.body.total).toBe(3);
    expect(all.body.friendlink[2].title).toBe('停用链接');
    const off = await t.call({ url: '/api/v1/friendlink/list?enable=0', token: admin });
    expect(off.body.friendlink.map((f: { title: string }) => f.title)).toEqual(['停用链接']);
    const wd = await t.call({ url: '/api/v1/friendlink/list?wd=oschina&field=title', token: admin });
    expect(wd.body.friendlink).toEqual([{ title: '开源中国' }]);

    const lister = await t.member();
    await grantViaApi(t, admin, lister.id, ['/api.v1.FriendlinkAPI/ListFriendlink']);
    expect((await t.call({ url: '/api/v1/friendlink/list', token: lister.token })).body.total).toBe(3);
  });

  it('shows one link publicly unless it is disabled', async () => {
    const all = (await t.call({ url: '/api/v1/friendlink/list', token: admin })).body.friendlink;
    const on = all.find((f: { title: string }) => f.title === '开源中国');
    const off = all.find((f: { title: string }) => f.title === '停用链接');
    const got = await t.call({ url: `/api/v1/friendlink?id=${on.id}` });
    expect(got.body).toMatchObject({ title: '开源中国', description: '社区' });
    const hidden = await t.call({ url: `/api/v1/friendlink?id=${off.id}`, token: member.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('友链不存在');
    expect((await t.call({ url: `/api/v1/friendlink?id=${off.id}`, token: admin })).status).toBe(200);
    expect((await t.call({ url: '/api/v1/friendlink?id=0' })).status).toBe(400);
  });

  it('updates by overwriting the row and deletes', async () => {
    const made = await create({ title: '旧名', link: 'https://old.example.com', description: '描述', sort: 1 });
    rebuilds.length = 0;
    const upd = await t.call({
      method: 'PUT',
      url: '/api/v1/friendlink',
      token: admin,
      payload: { ...made.body, title: '新名', enable: true },
    });
    expect(upd.status).toBe(200);
    expect(rebuilds).toEqual(['friendlink']);
    expect((await t.call({ url: `/api/v1/friendlink?id=${made.body.id}` })).body).toMatchObject({
      title: '新名',
      description: '描述',
    });
    const bad = await t.call({
      method: 'PUT',
      url: '/api/v1/friendlink',
      token: admin,
      payload: { ...made.body, link: 'javascript:x' },
    });
    expect(bad.body.message).toBe('请输入正确的链接地址');
    const noId = await t.call({
      method: 'PUT',
      url: '/api/v1/friendlink',
      token: admin,
      payload: { title: 'x', link: 'https://x.example' },
    });
    expect(noId.status).toBe(400);
    const missing = await t.call({
      method: 'PUT',
      url: '/api/v1/friendlink',
      token: admin,
      payload: { ...made.body, id: 99999 },
    });
    expect(missing.status).toBe(404);

    expect((await t.call({ method: 'DELETE', url: `/api/v1/friendlink?id=${made.body.id}`, token: admin })).status).toBe(200);
    expect((await t.call({ url: `/api/v1/friendlink?id=${made.body.id}`, token: admin })).status).toBe(404);
    expect((await t.call({ method: 'DELETE', url: '/api/v1/friendlink', token: admin })).body.message).toBe('请选择要删除的友链');
  });

  it('denies anonymous users (401) and members without the permission (403)', async () => {
    const payload = { title: 'x', link: 'https://x.example' };
    expect((await create(payload, '')).status).toBe(401);
    const res = await create(payload, member.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 7, message: '您没有权限访问【创建友链】' });
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/friendlink', token: member.token, payload: { ...payload, id: 1 } })).body
        .message,
    ).toBe('您没有权限访问【更新友链】');
    expect((await t.call({ method: 'DELETE', url: '/api/v1/friendlink?id=1', token: member.token })).body.message).toBe(
      '您没有权限访问【删除友链】',
    );
    expect((await t.call({ method: 'DELETE', url: '/api/v1/friendlink?id=1' })).status).toBe(401);
  });
});
