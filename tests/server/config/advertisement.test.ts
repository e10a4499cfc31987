import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { grantViaApi } from '../support/grant-api.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const DAY = 24 * 3600 * 1000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

describeEachDialect('advertisement API on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  let rebuilds: string[];
  onStart((ready) => ({ t, admin, member, rebuilds } = ready));

  const create = (payload: Record<string, unknown>, token = admin) =>
    t.call({ method: 'POST', url: '/api/v1/advertisement', token, payload });
  const shown = async (query: string) => {
    const res = await t.call({ url: `/api/v1/advertisement/position?${query}` });
    expect(res.status).toBe(200);
    return ((res.body.advertisement ?? []) as Array<{ title: string }>).map((a) => a.title).sort();
  };

  it('creates ads with the caller as author, enabled unless told otherwise', async () => {
    const res = await create({
      position: 'global_top',
      title: '当前',
      content: '<a href="https://x.example">广告</a>',
      remark: '内部备注',
      start_time: at(-DAY),
      end_time: at(DAY),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ position: 'global_top', title: '当前', user_id: 1, enable: true, remark: '内部备注' });
    expect(res.body.content).toBe('<a href="https://x.example">广告</a>'); // admin-authored HTML is kept as written
    expect(rebuilds).toContain('advertisement');
    await create({ position: 'global_top', title: '长期', content: '<b>x</b>', start_time: '', end_time: null });
    await create({ position: 'global_top', title: '过期', content: 'x', start_time: at(-2 * DAY), end_time: at(-DAY) });
    await create({ position: 'global_top', title: '未开始', content: 'x', start_time: at(DAY) });
    await create({ position: 'document_top', title: '已停用', content: 'x', enable: false });
    await create({ position: 'document_top', title: '文档页', content: 'x', end_time: at(DAY) });
    await create({ position: 'search_right', title: '搜索页', content: 'x' });
  });

  it('shows only enabled ads of the asked slots whose time window is current, without remarks', async () => {
    expect(await shown('position=global_top')).toEqual(['当前', '长期']);
    expect(await shown('position=global_top&position=document_top')).toEqual(['当前', '文档页', '长期']);
    const res = await t.call({ url: '/api/v1/advertisement/position?position=global_top' });
    expect(res.body.total).toBeUndefined();
    for (const ad of res.body.advertisement) {
      expect(ad.remark).toBeUndefined();
      expect(ad.user_id).toBeUndefined();
      expect(ad.content).toBeTruthy();
    }
    expect((await t.call({ url: '/api/v1/advertisement/position' })).body).toEqual({});
    expect((await t.call({ url: '/api/v1/advertisement/position?position=nowhere' })).body).toEqual({});
  });

  it('rejects unknown slots, missing content and bad time windows', async () => {
    const pos = await create({ position: 'sidebar', content: 'x' });
    expect(pos.status).toBe(400);
    expect(pos.body).toMatchObject({ code: 3, message: '请选择正确的广告位' });
    expect((await create({ content: 'x' })).body.message).toBe('请选择广告位');
    expect((await create({ position: 'global_top', content: '  ' })).body.message).toBe('请输入广告内容');
    expect((await create({ position: 'global_top', content: 'x', start_time: 'someday' })).body.message).toBe(
      '开始时间格式不正确',
    );
    const order = await create({ position: 'global_top', content: 'x', start_time: at(DAY), end_time: at(-DAY) });
    expect(order.status).toBe(400);
    expect(order.body.message).toBe('结束时间不能早于开始时间');
  });

  it('lists, gets, updates and deletes for holders', async () => {
    const list = await t.call({ url: '/api/v1/advertisement/list?size=100', token: admin });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(7);
    expect(list.body.advertisement[0].title).toBe('搜索页'); // newest first
    const doc = await t.call({ url: '/api/v1/advertisement/list?position=document_top&enable=false', token: admin });
    expect(doc.body.advertisement.map((a: { title: string }) => a.title)).toEqual(['已停用']);
    const wd = await t.call({ url: `/api/v1/advertisement/list?wd=${encodeURIComponent('内部')}`, token: admin });
    expect(wd.body.total).toBe(1);

    const current = wd.body.advertisement[0];
    const got = await t.call({ url: `/api/v1/advertisement?id=${current.id}`, token: admin });
    expect(got.body).toMatchObject({ title: '当前', remark: '内部备注' });
    expect((await t.call({ url: '/api/v1/advertisement?id=0', token: admin })).status).toBe(400);
    expect((await t.call({ url: '/api/v1/advertisement?id=99999', token: admin })).body.message).toBe('广告不存在');

    rebuilds.length = 0;
    const upd = await t.call({
      method: 'PUT',
      url: '/api/v1/advertisement',
      token: admin,
      payload: { ...got.body, title: '改过', enable: false },
    });
    expect(upd.status).toBe(200);
    expect(rebuilds).toEqual(['advertisement']);
    expect(await shown('position=global_top')).toEqual(['长期']);
    const after = (await t.call({ url: `/api/v1/advertisement?id=${current.id}`, token: admin })).body;
    expect(after).toMatchObject({ title: '改过', user_id: 1, start_time: got.body.start_time });
    expect(after.enable).toBeUndefined();
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/advertisement', token: admin, payload: { ...got.body, id: 99999 } })).status,
    ).toBe(404);

    expect((await t.call({ method: 'DELETE', url: '/api/v1/advertisement', token: admin })).body.message).toBe(
      '请选择要删除的广告',
    );
    expect((await t.call({ method: 'DELETE', url: `/api/v1/advertisement?id=${current.id}`, token: admin })).status).toBe(200);
    expect((await t.call({ url: `/api/v1/advertisement?id=${current.id}`, token: admin })).status).toBe(404);

    const lister = await t.member();
    await grantViaApi(t, admin, lister.id, ['/api.v1.AdvertisementAPI/ListAdvertisement']);
    expect((await t.call({ url: '/api/v1/advertisement/list', token: lister.token })).body.total).toBe(6);
    expect((await t.call({ url: `/api/v1/advertisement?id=1`, token: lister.token })).status).toBe(403);
  });

  it('denies anonymous users (401) and members without the permission (403)', async () => {
    expect((await create({ position: 'global_top', content: 'x' }, '')).status).toBe(401);
    const res = await create({ position: 'global_top', content: 'x' }, member.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 7, message: '您没有权限访问【添加广告】' });
    expect((await t.call({ url: '/api/v1/advertisement/list', token: member.token })).body.message).toBe(
      '您没有权限访问【获取广告列表】',
    );
    expect((await t.call({ url: '/api/v1/advertisement?id=1', token: member.token })).body.message).toBe(
      '您没有权限访问【获取广告内容】',
    );
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/api/v1/advertisement',
          token: member.token,
          payload: { id: 1, position: 'global_top', content: 'x' },
        })
      ).body.message,
    ).toBe('您没有权限访问【更新广告】');
    expect((await t.call({ method: 'DELETE', url: '/api/v1/advertisement?id=1', token: member.token })).body.message).toBe(
      '您没有权限访问【删除广告】',
    );
    expect((await t.call({ url: '/api/v1/advertisement/list' })).status).toBe(401);
  });
});
