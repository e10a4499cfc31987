import { expect } from 'vitest';
import { syncIndex } from '../../../src/server/search/sync.ts';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { addDocument, docIds } from './search.support.ts';

// Searches are limited to 300 a minute per address, both kinds together, counted while the search
// runs (limits/limit-beside.ts): the count and the refusal are as exact as a route's own rate limit.

const LIMIT = 300;
let addresses = 0;
const freshIp = () => `10.77.${(process.pid + ++addresses) & 255}.${addresses & 255}`;

describeEachDialect('the search rate limit (%s)', { admin: false, member: false }, () => {
  let t: TestApp;
  let doc: number;
  const search = (ip: string, kind: 'document' | 'article' = 'document') =>
    t.call({ url: `/api/v1/${kind}/search?wd=${encodeURIComponent('限流检索')}`, remoteAddress: ip });

  onStart(async (ready) => {
    ({ t } = ready);
    doc = await addDocument(t.ctx.db, { title: '限流检索样本', pages: ['正文'] });
    await syncIndex(t.ctx.db);
  });

  it('answers 300 searches a minute from one address, of either kind, then refuses with the contract error and Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) {
      const res = await search(ip, i % 2 ? 'article' : 'document');
      expect(res.status).toBe(200);
      if (i === 0) expect(docIds(res.body)).toEqual([doc]);
    }
    const refused = await search(ip);
    expect(refused).toMatchObject({ status: 429, body: { code: 8, message: '操作太频繁，请稍后再试' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    // refused again, now without starting the search first; another address is not affected
    expect((await search(ip)).status).toBe(429);
    expect((await search(freshIp())).status).toBe(200);
  });

  it('counts searches made at the same time exactly', async () => {
    const ip = freshIp();
    const statuses = (await Promise.all(Array.from({ length: LIMIT + 10 }, () => search(ip)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('still asks for a keyword, counted like any search', async () => {
    const res = await t.call({ url: '/api/v1/document/search?wd=', remoteAddress: freshIp() });
    expect(res).toMatchObject({ status: 400, body: { message: '请输入搜索关键词' } });
  });
});
