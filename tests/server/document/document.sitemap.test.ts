import { expect } from 'vitest';
import { SITE_BUILD_HEADER, SITEMAP_URLS_PER_PART } from '../../../src/domain/rules.ts';
import { siteBuildToken } from '../../../src/server/site/build-token.ts';
import { category, copyDocument, publish, setStatus } from '../support/documents.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

// The build's sitemap reads every public document through GET /document/sitemap, part by part of
// ids, whether or not the site pre-renders it: converted and live only, with its address's parts.
describeEachDialect('the sitemap documents on %s', { member: false }, () => {
  let cat: number;
  let listed: { id: number; uuid: string };
  let pending: number;
  let recycled: number;
  /** a document far along the ids: the third part */
  const farId = 2 * SITEMAP_URLS_PER_PART + 7;

  onStart(async ({ t, admin }) => {
    cat = await category(t, admin, '站点地图');
    const a = await publish(t, admin, [cat], { title: '已转换的文档' });
    await setStatus(t, a.id, 2);
    listed = { id: a.id, uuid: a.uuid };
    pending = (await publish(t, admin, [cat], { title: '还在转换的文档' })).id;
    recycled = (await publish(t, admin, [cat], { title: '已删除的文档' })).id;
    await setStatus(t, recycled, 2);
    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?id=${recycled}`, token: admin })).status).toBe(200);
    // a copy of the listed document under a far id, as a library of 100,000 documents has
    await copyDocument(t, a.id, { id: farId, uuid: 'sitemapfar0000000000000000000001', title: '远处的文档' });
  });

  it('lists the converted, live documents of a part by id, with their categories, and counts the parts', async ({ t }) => {
    const res = await t.call({ url: '/api/v1/document/sitemap?part=0' });
    expect(res.status).toBe(200);
    const ids = res.body.document.map((d: { id: number }) => d.id);
    expect(ids).toContain(listed.id);
    expect(ids).not.toContain(pending);
    expect(ids).not.toContain(recycled);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const entry = res.body.document.find((d: { id: number }) => d.id === listed.id);
    expect(entry).toMatchObject({ uuid: listed.uuid, category_id: [cat] });
    expect(entry.updated_at).toBeTruthy();
    expect(res.body.parts).toBe(3);
  });

  it('answers each part its own id range: an empty middle part, the far document in the third', async ({ t }) => {
    // as moredoc, the wire leaves out an empty list
    expect((await t.call({ url: '/api/v1/document/sitemap?part=1' })).body).toEqual({ parts: 3 });
    const third = await t.call({ url: '/api/v1/document/sitemap?part=2' });
    expect(third.body.document.map((d: { id: number }) => d.id)).toEqual([farId]);
    expect((await t.call({ url: '/api/v1/document/sitemap' })).body.document.map((d: { id: number }) => d.id)).toContain(
      listed.id,
    );
  });

  it('refuses a part that is not a number of zero or more, in Chinese', async ({ t }) => {
    for (const part of ['-1', 'abc']) {
      const res = await t.call({ url: `/api/v1/document/sitemap?part=${part}` });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/站点地图分段无效|参数/);
    }
  });

  it('gives a visitor a few parts a minute, and the site build any number with its pass', async ({ t }) => {
    const part = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.call({ url: '/api/v1/document/sitemap?part=0', remoteAddress, headers });
    let served = 0;
    while ((await part('10.9.9.9')).status === 200) served++;
    expect(served).toBeGreaterThan(0);
    expect(served).toBeLessThan(50);
    expect(await part('10.9.9.9')).toMatchObject({ status: 429, body: { code: 8, message: '操作太频繁，请稍后再试' } });
    // a wrong pass is a visitor's call; the build's own pass is never limited
    expect((await part('10.9.9.9', { [SITE_BUILD_HEADER]: 'not-the-pass' })).status).toBe(429);
    const pass = { [SITE_BUILD_HEADER]: await siteBuildToken(t.ctx.db) };
    for (let i = 0; i <= served; i++) expect((await part('10.9.9.9', pass)).status).toBe(200);
    // another address has its own count
    expect((await part('10.9.9.10')).status).toBe(200);
  });
});
