import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { grantViaApi } from '../support/grant-api.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

interface Cat {
  id: number;
  title: string;
  parent_id?: number;
  enable?: boolean;
  type?: number;
  sort?: number;
}

describeEachDialect('category API on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  let rebuilds: string[];
  onStart((ready) => ({ t, admin, member, rebuilds } = ready));

  const all = async (query = '', token = admin): Promise<Cat[]> =>
    (await t.call({ url: `/api/v1/category/list?type=0&type=1${query}`, token })).body.category ?? [];
  const byTitle = async (title: string) => (await all()).find((c) => c.title === title)!;
  const create = (payload: object, token = admin) => t.call({ method: 'POST', url: '/api/v1/category', token, payload });

  it('creates one category per line, skipping blanks and existing titles, honouring enable', async () => {
    rebuilds.length = 0;
    const res = await create({ title: '教育\n\n 办公 \r\n教育\n', sort: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(rebuilds).toEqual(['category']);
    expect((await create({ title: '教育\n技术', enable: false })).status).toBe(200);
    const cats = await all();
    expect(cats.filter((c) => c.title === '教育')).toHaveLength(1);
    expect(await byTitle('教育')).toMatchObject({ enable: true, sort: 3 });
    expect((await byTitle('教育')).parent_id).toBeUndefined(); // zero values are omitted on the wire
    expect((await byTitle('技术')).enable).toBeUndefined(); // created disabled: enable:false is kept
    // the same title is fine under another parent or in the other type
    const edu = await byTitle('教育');
    expect((await create({ title: '教育', parent_id: edu.id })).status).toBe(200);
    expect((await create({ title: '教育', type: 1 })).status).toBe(200);
    expect((await all()).filter((c) => c.title === '教育')).toHaveLength(3);
  });

  it('rejects empty titles, overly long titles and unknown parents', async () => {
    for (const title of ['', '  \n \n']) {
      const res = await create({ title });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 3, message: '请输入分类名称' });
    }
    expect((await create({})).body.message).toBe('请输入分类名称');
    expect((await create({ title: '长'.repeat(65) })).status).toBe(400);
    const orphan = await create({ title: '孤儿', parent_id: 99999 });
    expect(orphan.status).toBe(400);
    expect(orphan.body.message).toBe('上级分类不存在');
    const article = (await all()).find((c) => c.type === 1)!;
    expect((await create({ title: '混合', parent_id: article.id })).body.message).toBe('上级分类的类型与本分类不一致');
    expect((await create({ title: 'x', type: 3 })).status).toBe(400);
  });

  it('lists publicly (enabled only, no total), ordered parent asc, sort desc, title asc', async () => {
    const pub = await t.call({ url: '/api/v1/category/list' });
    expect(pub.status).toBe(200);
    expect(pub.body.total).toBeUndefined();
    const titles = pub.body.category.map((c: Cat) => c.title);
    expect(titles).not.toContain('技术');
    expect(pub.body.category.every((c: Cat) => c.type === undefined)).toBe(true); // default type[] = [0]
    expect(pub.body.category.slice(0, 2).map((c: Cat) => c.title)).toEqual(['办公', '教育']); // sort 3 first, then by title
    const parents = pub.body.category.map((c: Cat) => c.parent_id ?? 0);
    expect(parents).toEqual([...parents].sort((a, b) => a - b));

    const fields = await t.call({ url: '/api/v1/category/list?field=id&field=title&field=nope' });
    expect(Object.keys(fields.body.category[0]).sort()).toEqual(['id', 'title']);
    const edu = await byTitle('教育');
    const children = await t.call({ url: `/api/v1/category/list?parent_id=${edu.id}` });
    expect(children.body.category.map((c: Cat) => c.parent_id)).toEqual([edu.id]);
    // keyword and enable filters are for holders of 查询文档分类列表 only
    const anonDisabled = await t.call({ url: '/api/v1/category/list?enable=false' });
    expect(anonDisabled.body.category.some((c: Cat) => c.title === '技术')).toBe(false);
    const adminDisabled = await t.call({ url: '/api/v1/category/list?enable=false', token: admin });
    expect(adminDisabled.body.category.map((c: Cat) => c.title)).toEqual(['技术']);
    const wd = await t.call({ url: `/api/v1/category/list?wd=${encodeURIComponent('办')}`, token: admin });
    expect(wd.body.category.map((c: Cat) => c.title)).toEqual(['办公']);
  });

  it('gets and updates a category; duplicate titles and cycles are refused', async () => {
    const edu = await byTitle('教育');
    const office = await byTitle('办公');
    const got = await t.call({ url: `/api/v1/category?id=${office.id}`, token: admin });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: office.id, title: '办公', enable: true });
    expect((await t.call({ url: '/api/v1/category?id=99999', token: admin })).status).toBe(404);

    rebuilds.length = 0;
    const upd = await t.call({
      method: 'PUT',
      url: '/api/v1/category',
      token: admin,
      payload: { ...got.body, title: '办公软件', description: '常用', enable: false },
    });
    expect(upd.status).toBe(200);
    expect(rebuilds).toEqual(['category']);
    expect((await t.call({ url: `/api/v1/category?id=${office.id}`, token: admin })).body).toMatchObject({
      title: '办公软件',
      description: '常用',
    });

    const dup = await t.call({
      method: 'PUT',
      url: '/api/v1/category',
      token: admin,
      payload: { id: office.id, title: '教育', enable: true },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('同级分类下已存在同名分类');
    const self = await t.call({
      method: 'PUT',
      url: '/api/v1/category',
      token: admin,
      payload: { id: edu.id, title: '教育', parent_id: edu.id },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('上级分类不能是自己或自己的下级分类');
    const child = (await all()).find((c) => c.title === '教育' && c.parent_id === edu.id)!;
    const cycle = await t.call({
      method: 'PUT',
      url: '/api/v1/category',
      token: admin,
      payload: { id: edu.id, title: '教育', parent_id: child.id },
    });
    expect(cycle.body.message).toBe('上级分类不能是自己或自己的下级分类');
    const missing = await t.call({ method: 'PUT', url: '/api/v1/category', token: admin, payload: { id: 99999, title: 'x' } });
    expect(missing.status).toBe(404);
    const blank = await t.call({ method: 'PUT', url: '/api/v1/category', token: admin, payload: { id: edu.id, title: '' } });
    expect(blank.body.message).toBe('请输入分类名称');
  });

  it('deletes subtrees but keeps categories holding documents (and their ancestors)', async () => {
    await create({ title: '根' });
    const root = await byTitle('根');
    await create({ title: '甲\n乙', parent_id: root.id });
    const a = await byTitle('甲');
    const b = await byTitle('乙');
    await create({ title: '甲一', parent_id: a.id });
    const a1 = await byTitle('甲一');
    await t.ctx.db.updateTable('categories').set({ doc_count: 2 }).where('id', '=', a1.id).execute();

    const res = await t.call({ method: 'DELETE', url: `/api/v1/category?id=${root.id}`, token: admin });
    expect(res.status).toBe(200);
    const left = (await all()).map((c) => c.id);
    expect(left).toEqual(expect.arrayContaining([root.id, a.id, a1.id]));
    expect(left).not.toContain(b.id);

    await t.ctx.db.updateTable('categories').set({ doc_count: 0 }).where('id', '=', a1.id).execute();
    await t.call({ method: 'DELETE', url: `/api/v1/category?id=${root.id}`, token: admin });
    const after = (await all()).map((c) => c.id);
    for (const id of [root.id, a.id, a1.id]) expect(after).not.toContain(id);
    expect((await t.call({ method: 'DELETE', url: '/api/v1/category', token: admin })).body.message).toBe('请选择要删除的分类');
  });

  it('denies anonymous users (401) and members without the permission (403)', async () => {
    for (const [method, url, payload, title] of [
      ['POST', '/api/v1/category', { title: 'x' }, '新增文档分类'],
      ['PUT', '/api/v1/category', { id: 1, title: 'x' }, '更新文档分类'],
      ['DELETE', '/api/v1/category?id=1', undefined, '删除文档分类'],
      ['GET', '/api/v1/category?id=1', undefined, '根据ID查询文档分类'],
    ] as const) {
      expect((await t.call({ method, url, payload })).status).toBe(401);
      const res = await t.call({ method, url, payload, token: member.token });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(`您没有权限访问【${title}】`);
    }
    // members see enabled categories only
    expect((await all('', member.token)).some((c) => c.enable !== true)).toBe(false);
  });

  it('lets a member holding the permissions through a group manage categories', async () => {
    const editor = await t.member();
    await grantViaApi(t, admin, editor.id, ['/api.v1.CategoryAPI/CreateCategory', '/api.v1.CategoryAPI/ListCategory']);
    expect((await create({ title: '编辑分类', enable: false }, editor.token)).status).toBe(200);
    const list = await all('&enable=false', editor.token);
    expect(list.map((c) => c.title)).toContain('编辑分类');
    expect((await t.call({ method: 'DELETE', url: '/api/v1/category?id=1', token: editor.token })).status).toBe(403);
  });
});
