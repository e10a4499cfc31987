import { expect } from 'vitest';
import { type TestApp } from '../support/app.ts';
import { insertDoc } from '../support/comment-fixtures.ts';
import { category, publish } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

const BATCH_ERROR = '一次最多操作1000条';
const many = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const query = (ids: number[] | string[]) => ids.map((id) => `id=${encodeURIComponent(String(id))}`).join('&');

describeEachDialect('ids, batches, titles and page sizes on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let cat: number;
  const live = async (id: number) =>
    (await t.ctx.db.selectFrom('documents').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow()).deleted_at ===
    null;

  onStart(async (ready) => {
    ({ t, admin } = ready);
    cat = await category(t, admin, '编号测试');
  });

  it('accepts only decimal integer ids: 0x10, " 1 ", 1e1 and 1.0 are refused, not read as numbers', async () => {
    const doc = await publish(t, admin, [cat]);
    const hex = `0x${doc.id.toString(16)}`;
    for (const bad of [hex, ` ${doc.id} `, `${doc.id}.0`, `${doc.id / 10}e1`, '+1', 'true']) {
      const res = await t.call({ method: 'DELETE', url: `/api/v1/document?${query([bad])}`, token: admin });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(await live(doc.id), bad).toBe(true);
    }
    // JSON bodies and single query ids alike
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/document/check', token: admin, payload: { id: [hex], status: 4 } })).status,
    ).toBe(400);
    expect((await t.call({ url: `/api/v1/document?id=${hex}` })).status).toBe(400);
    expect((await t.call({ url: '/api/v1/comment/list?document_id=0x1&type=0' })).status).toBe(400);
    // decimal strings and JSON numbers still work
    expect((await t.call({ url: `/api/v1/document?id=${doc.id}`, token: admin })).status).toBe(200);
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/document/check', token: admin, payload: { id: [String(doc.id)], status: 4 } }))
        .status,
    ).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?${query([doc.id])}`, token: admin })).status).toBe(200);
    expect(await live(doc.id)).toBe(false);
  });

  it('refuses batches of more than 1000 ids with a clear 400, in query strings and bodies', async () => {
    const huge = many(40_000);
    const calls = [
      { method: 'DELETE' as const, url: `/api/v1/document?${query(huge)}` },
      { method: 'DELETE' as const, url: `/api/v1/document/recycle?${query(huge)}` },
      { method: 'DELETE' as const, url: `/api/v1/article/recycle?${query(huge)}` },
      { method: 'DELETE' as const, url: `/api/v1/comment?${query(huge)}` },
      { method: 'PUT' as const, url: '/api/v1/document/recycle', payload: { id: huge } },
      { method: 'PUT' as const, url: '/api/v1/document/check', payload: { id: huge, status: 4 } },
      { method: 'POST' as const, url: '/api/v1/comment/check', payload: { id: huge, status: 1 } },
      { method: 'PUT' as const, url: '/api/v1/article/check', payload: { id: huge, status: 1 } },
      { method: 'GET' as const, url: `/api/v1/user/list?${query(huge)}` },
    ];
    for (const c of calls) {
      const res = await t.call({ ...c, token: admin });
      expect(res.status, c.url.slice(0, 40)).toBe(400);
      expect(res.body.message, c.url.slice(0, 40)).toContain(BATCH_ERROR);
    }
    // 1000 ids are one batch: answered, never a database error
    const ok = await t.call({ method: 'DELETE', url: `/api/v1/document/recycle?${query(many(1000))}`, token: admin });
    expect(ok.status).toBeLessThan(500);
  });

  it('keeps titles on one line: CR, LF and other control characters become spaces', async () => {
    const doc = await publish(t, admin, [cat]);
    const res = await t.call({
      method: 'PUT',
      url: '/api/v1/document',
      token: admin,
      payload: { id: doc.id, title: ' 第一行\r\n第二行\t\u0000尾 ' },
    });
    expect(res.status).toBe(200);
    const row = await t.ctx.db.selectFrom('documents').select('title').where('id', '=', doc.id).executeTakeFirstOrThrow();
    expect(row.title).toBe('第一行 第二行 尾');
    const article = await t.call({
      method: 'POST',
      url: '/api/v1/article',
      token: admin,
      payload: { title: '文章\n标题', content: '<p>正文</p>' },
    });
    expect(article.status).toBe(200);
    expect(
      (await t.ctx.db.selectFrom('articles').select('title').where('id', '=', article.body.id).executeTakeFirstOrThrow()).title,
    ).toBe('文章 标题');
    // only control characters: nothing left, so no title
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/document', token: admin, payload: { id: doc.id, title: '\r\n' } })).status,
    ).toBe(400);
  });

  it('pages the public comment list: size -1 or 0 is no "everything", at most 100 a page', async () => {
    const user = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const doc = await insertDoc(t, user, '评论很多的文档');
    const now = new Date().toISOString();
    const rows = many(105).map((i) => ({
      parent_id: 0,
      document_id: doc,
      type: 0,
      content: `评论${i}`,
      status: 1,
      comment_count: 0,
      user_id: user,
      ip: '',
      created_at: now,
      updated_at: now,
    }));
    await t.ctx.db.insertInto('comments').values(rows).execute();
    for (const size of ['-1', '0']) {
      const res = await t.call({ url: `/api/v1/comment/list?document_id=${doc}&type=0&size=${size}` });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(105);
      expect(res.body.comment).toHaveLength(10);
    }
    expect((await t.call({ url: `/api/v1/comment/list?document_id=${doc}&type=0&size=1000` })).body.comment).toHaveLength(100);
    expect((await t.call({ url: `/api/v1/comment/list?size=-1`, token: admin })).body.comment).toHaveLength(10);
  });
});
