import { expect } from 'vitest';
import { syncIndex } from '../../../src/server/search/sync.ts';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { addDocument } from './search.support.ts';
import { chunks } from '../../../src/server/db/chunks.ts';

describeEachDialect('search records on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let member: { id: number; token: string; username: string };
  const records = () => t.ctx.db.selectFrom('search_records').selectAll().orderBy('id').execute();

  onStart(async (ready) => {
    ({ t, admin } = ready);
    member = await t.member('searcher');
    await addDocument(t.ctx.db, { title: '操作系统原理', pages: ['进程与线程'] });
    await addDocument(t.ctx.db, { title: '操作手册', pages: ['安装步骤'] });
    // fixtures written straight into the tables: only the sweep sees them
    await syncIndex(t.ctx.db);
  });

  it('records every search with keywords, total, page, ip and user', async () => {
    await t.setConfig('security', 'search_record_retention_days', '7');
    const res = await t.call({
      url: `/api/v1/document/search?wd=${encodeURIComponent('操作')}`,
      token: member.token,
      headers: { 'user-agent': 'TestBrowser/1.0' },
    });
    expect(res.body.total).toBe(2);
    await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent('线程')}&page=2` });
    await t.call({ url: `/api/v1/article/search?wd=${encodeURIComponent('文库')}` });
    // written in a batch within a second of the searches
    await expect.poll(async () => (await records()).length, { timeout: 10_000 }).toBe(3);
    const rows = await records();
    expect(rows[0]).toMatchObject({
      keywords: '操作',
      total: 2,
      page: 1,
      type: 0,
      user_id: member.id,
      ip: '127.0.0.1',
      user_agent: 'TestBrowser/1.0',
    });
    expect(rows[1]).toMatchObject({ keywords: '线程', total: 1, page: 2, type: 0, user_id: 0 });
    expect(rows[2]).toMatchObject({ keywords: '文库', type: 1 });
    expect(Number(rows[0].spend_time)).toBeGreaterThanOrEqual(0);
  });

  it('records nothing when the retention is 0, and purges old records on sync', async () => {
    await t.setConfig('security', 'search_record_retention_days', '0');
    await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent('手册')}` });
    expect(await records()).toHaveLength(3);

    await t.setConfig('security', 'search_record_retention_days', '7');
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    // more than one batch of the purge (1,000 a statement)
    const stale = Array.from({ length: 2_100 }, (_, i) => ({
      user_id: 0,
      ip: '10.0.0.1',
      user_agent: '',
      keywords: `很久以前${i}`,
      total: 0,
      page: 1,
      spend_time: 0.1,
      type: 0,
      created_at: old,
      updated_at: old,
    }));
    for (const part of chunks(stale, 500)) await t.ctx.db.insertInto('search_records').values(part).execute();
    expect(await records()).toHaveLength(3 + 2_100);
    await syncIndex(t.ctx.db);
    const left = await records();
    expect(left.map((r) => r.keywords)).toEqual(['操作', '线程', '文库']);
  });

  it('lists records for admins with username, filters and orders', async () => {
    const res = await t.call({ url: '/api/v1/searchrecord/list?page=1&size=10', token: admin });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.search_record.map((r: { keywords: string }) => r.keywords)).toEqual(['文库', '线程', '操作']);
    expect(res.body.search_record[2]).toMatchObject({
      username: 'searcher',
      total: 2,
      ip: '127.0.0.1',
      user_agent: 'TestBrowser/1.0',
    });
    expect(res.body.search_record[1].username).toBeUndefined();

    const byWd = await t.call({ url: `/api/v1/searchrecord/list?wd=${encodeURIComponent('线')}`, token: admin });
    expect(byWd.body.search_record.map((r: { keywords: string }) => r.keywords)).toEqual(['线程']);
    const byKeywords = await t.call({
      url: `/api/v1/searchrecord/list?keywords=${encodeURIComponent('操')}&ip=127`,
      token: admin,
    });
    expect(byKeywords.body.total).toBe(1);
    const oldest = await t.call({ url: `/api/v1/searchrecord/list?order=${encodeURIComponent('id asc')}`, token: admin });
    expect(oldest.body.search_record[0].keywords).toBe('操作');
    const byTotal = await t.call({ url: `/api/v1/searchrecord/list?order=${encodeURIComponent('total asc')}`, token: admin });
    const totals = byTotal.body.search_record.map((r: { total?: number }) => r.total ?? 0);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(byTotal.body.search_record[0].keywords).toBe('线程');
    const bySpend = await t.call({
      url: `/api/v1/searchrecord/list?order=${encodeURIComponent('spend_time asc')}`,
      token: admin,
    });
    expect(bySpend.status).toBe(200);
    expect(bySpend.body.search_record).toHaveLength(3);
  });

  it('deletes records for admins', async () => {
    const [first] = await records();
    const res = await t.call({ method: 'DELETE', url: `/api/v1/searchrecord?id=${first.id}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await records()).map((r) => r.id)).not.toContain(first.id);
    const empty = await t.call({ method: 'DELETE', url: '/api/v1/searchrecord', token: admin });
    expect(empty.status).toBe(400);
  });

  it('denies anonymous users (401) and members without the permission (403)', async () => {
    const anon = await t.call({ url: '/api/v1/searchrecord/list' });
    expect(anon.status).toBe(401);
    expect((await t.call({ method: 'DELETE', url: '/api/v1/searchrecord?id=1' })).status).toBe(401);
    const list = await t.call({ url: '/api/v1/searchrecord/list', token: member.token });
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ code: 7, message: '您没有权限访问【获取搜索记录列表】' });
    const del = await t.call({ method: 'DELETE', url: '/api/v1/searchrecord?id=1', token: member.token });
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('您没有权限访问【删除搜索记录】');
  });
});
