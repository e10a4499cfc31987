import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

describeEachDialect('navigation API on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let member: string;
  onStart(async (ready) => {
    ({ t, admin } = ready);
    member = (await t.member()).token;
  });

  it('lists the three fixed entries publicly, disabled ones included', async () => {
    const res = await t.call({ url: '/api/v1/navigation/list?page=1&size=10000' });
    expect(res.status).toBe(200);
    expect(res.body.navigation.map((n: { href: string }) => n.href)).toEqual(['/', '/library', '/article']);
    expect(res.body.navigation.every((n: { fixed: boolean }) => n.fixed)).toBe(true);
  });

  it('creates, updates and deletes a subtree for holders of the permission', async () => {
    const parent = await t.call({
      method: 'POST',
      url: '/api/v1/navigation',
      token: admin,
      payload: { title: '帮助', href: '/help', enable: true },
    });
    expect(parent.status).toBe(200);
    expect(parent.body).toMatchObject({ title: '帮助', href: '/help', enable: true });
    const child = await t.call({
      method: 'POST',
      url: '/api/v1/navigation',
      token: admin,
      payload: { title: '常见问题', href: '/faq', parent_id: parent.body.id },
    });
    expect(child.status).toBe(200);
    expect(child.body.enable).toBeUndefined(); // zero values are omitted on the wire

    const upd = await t.call({
      method: 'PUT',
      url: '/api/v1/navigation',
      token: admin,
      payload: { ...child.body, title: 'FAQ', enable: true },
    });
    expect(upd.status).toBe(200);
    expect((await t.call({ url: `/api/v1/navigation?id=${child.body.id}` })).body.title).toBe('FAQ');

    const del = await t.call({ method: 'DELETE', url: `/api/v1/navigation?id=${parent.body.id}&id=1`, token: admin });
    expect(del.status).toBe(200);
    const list = await t.call({ url: '/api/v1/navigation/list' });
    expect(list.body.total).toBe(3); // the child went with its parent; fixed id 1 stayed
  });

  it('keeps the address of built-in entries', async () => {
    const home = (await t.call({ url: '/api/v1/navigation?id=1' })).body;
    await t.call({ method: 'PUT', url: '/api/v1/navigation', token: admin, payload: { ...home, href: '/evil', title: '主页' } });
    const after = (await t.call({ url: '/api/v1/navigation?id=1' })).body;
    expect(after).toMatchObject({ href: '/', title: '主页' });
  });

  it('rejects bad input with a Chinese message', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/navigation', token: admin, payload: { title: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 3, message: '请输入导航名称' });
    const bad = await t.call({
      method: 'POST',
      url: '/api/v1/navigation',
      token: admin,
      payload: { title: 'x', target: 'frame' },
    });
    expect(bad.status).toBe(400);
  });

  it('denies anonymous users (401) and members without the permission (403)', async () => {
    const anon = await t.call({ method: 'POST', url: '/api/v1/navigation', payload: { title: 'x' } });
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe(16);
    const res = await t.call({ method: 'POST', url: '/api/v1/navigation', token: member, payload: { title: 'x' } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 7, message: '您没有权限访问【新增导航】' });
    expect((await t.call({ method: 'DELETE', url: '/api/v1/navigation?id=1', token: member })).status).toBe(403);
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/navigation', token: member, payload: { id: 1, title: 'x' } })).status,
    ).toBe(403);
  });
});
