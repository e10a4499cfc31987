import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { grantViaApi } from '../support/grant-api.ts';
import { category, publish, setStatus } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';
import { later } from '../support/clock.ts';

describeEachDialect('document back office on %s', () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string };
  let a: number;
  let b: number;
  let b2: number;
  const doc = (id: number) => t.ctx.db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const count = async (id: number) =>
    (await t.ctx.db.selectFrom('categories').select('doc_count').where('id', '=', id).executeTakeFirstOrThrow()).doc_count;

  onStart(async (ready) => {
    ({ t, admin, member } = ready);
    a = await category(t, admin, '甲');
    b = await category(t, admin, '乙');
    b2 = await category(t, admin, '乙二', b);
  });

  it('recommends (1 keeps the time, 2 bumps it) and cancels', async () => {
    const d = await publish(t, admin, [a]);
    await setStatus(t, d.id, 2);
    const put = (type: number) =>
      t.call({ method: 'PUT', url: '/api/v1/document/recommend', token: admin, payload: { id: [d.id], type } });
    expect((await put(1)).status).toBe(200);
    const first = (await doc(d.id)).recommend_at;
    expect(first).not.toBeNull();
    await later(5, () => put(1));
    expect((await doc(d.id)).recommend_at).toBe(first);
    await later(5, () => put(2));
    expect((await doc(d.id)).recommend_at! > first!).toBe(true);
    const listed = await t.call({ url: '/api/v1/document/list?is_recommend=true' });
    expect(listed.body.document.map((x: { id: number }) => x.id)).toContain(d.id);
    await put(0);
    expect((await doc(d.id)).recommend_at).toBeNull();
  });

  it('moves documents between categories with their counts, along the whole path', async () => {
    const d1 = await publish(t, member.token, [a]);
    const d2 = await publish(t, member.token, [a]);
    const before = { a: await count(a), b: await count(b), b2: await count(b2) };
    const res = await t.call({
      method: 'PUT',
      url: '/api/v1/document/category',
      token: admin,
      payload: { document_id: [d1.id, d2.id], category_id: [b2] },
    });
    expect(res.status).toBe(200);
    expect({ a: await count(a), b: await count(b), b2: await count(b2) }).toEqual({
      a: before.a - 2,
      b: before.b + 2,
      b2: before.b2 + 2,
    });
    const links = await t.ctx.db
      .selectFrom('document_categories')
      .select('category_id')
      .where('document_id', '=', d1.id)
      .execute();
    expect(links.map((l) => l.category_id).sort()).toEqual([b, b2].sort());
    const bad = await t.call({
      method: 'PUT',
      url: '/api/v1/document/category',
      token: admin,
      payload: { document_id: [d1.id], category_id: [424242] },
    });
    expect(bad.status).toBe(400);
  });

  it('sets the language of documents to an existing code only', async () => {
    const d = await publish(t, member.token, [a]);
    expect(
      (
        await t.call({
          method: 'PUT',
          url: '/api/v1/document/language',
          token: admin,
          payload: { document_id: [d.id], language: 'en' },
        })
      ).status,
    ).toBe(200);
    expect((await doc(d.id)).language).toBe('en');
    const bad = await t.call({
      method: 'PUT',
      url: '/api/v1/document/language',
      token: admin,
      payload: { document_id: [d.id], language: 'xx-klingon' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('语言不存在：xx-klingon');
  });

  it('gives a holder of one permission that action only', async () => {
    const editor = await t.member();
    await grantViaApi(t, admin, editor.id, ['/api.v1.DocumentAPI/SetDocumentRecommend']);
    const d = await publish(t, admin, [a]);
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/document/recommend', token: editor.token, payload: { id: [d.id], type: 1 } }))
        .status,
    ).toBe(200);
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/document/check', token: editor.token, payload: { id: [d.id], status: 4 } }))
        .status,
    ).toBe(403);
  });

  it('answers 401 to guests and 403 (with the Chinese title) to members on every back-office endpoint', async () => {
    const d = await publish(t, member.token, [a]);
    const endpoints: Array<[string, string, unknown, string]> = [
      ['PUT', '/api/v1/document/check', { id: [d.id], status: 0 }, '文档审核'],
      ['PUT', '/api/v1/document/recommend', { id: [d.id], type: 1 }, '推荐文档'],
      ['PUT', '/api/v1/document/category', { document_id: [d.id], category_id: [a] }, '批量修改文档分类'],
      ['PUT', '/api/v1/document/language', { document_id: [d.id], language: 'en' }, '批量设置文档语言'],
      ['PUT', '/api/v1/document/reconvert', { id: [d.id] }, '一键重转失败文档'],
      ['GET', `/api/v1/document/download/bereviewed?id=${d.id}`, undefined, '下载待审文档'],
      ['GET', '/api/v1/document/recycle', undefined, '获取回收站文档列表'],
      ['PUT', '/api/v1/document/recycle', { id: [d.id] }, '恢复回收站文档'],
      ['DELETE', `/api/v1/document/recycle?id=${d.id}`, undefined, '删除回收站文档'],
      ['DELETE', '/api/v1/document/recycle/all', undefined, '清空回收站文档'],
    ];
    for (const [method, url, payload, title] of endpoints) {
      const opts = { method: method as 'GET', url, ...(payload ? { payload: payload } : {}) };
      expect((await t.call(opts)).status, `${method} ${url}`).toBe(401);
      const res = await t.call({ ...opts, token: member.token });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.message).toBe(`您没有权限访问【${title}】`);
    }
    // member-facing endpoints need a login
    for (const [method, url] of [
      ['GET', '/api/v1/user/download'],
      ['GET', '/api/v1/favorite/list'],
      ['GET', `/api/v1/favorite?document_id=${d.id}`],
    ]) {
      expect((await t.call({ method: method, url })).status, url).toBe(401);
    }
    expect((await t.call({ method: 'DELETE', url: '/api/v1/favorite?id=1' })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/v1/favorite', payload: { document_id: d.id } })).status).toBe(401);
  });

  it('documents every route in the OpenAPI description', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/v1/document',
      '/api/v1/document/list',
      '/api/v1/document/reconvert',
      '/api/v1/upload/document',
      '/api/v1/favorite/list',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
