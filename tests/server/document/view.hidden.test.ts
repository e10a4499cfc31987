import { expect } from 'vitest';
import { coverKey, hashDir } from '../../../src/server/convert/keys.ts';
import { type TestApp } from '../support/app.ts';
import { category, publish, setStatus, uniquePdf } from '../support/documents.ts';
import { describeEachDialect, onStart, it } from '../support/fixture.ts';

describeEachDialect('pages and covers of hidden documents on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let cat: number;

  /** A converted document whose file has a rendered page 1 and a cover. */
  async function converted(data = uniquePdf()) {
    const doc = await publish(t, admin, [cat], {}, data);
    await setStatus(t, doc.id, 2);
    const { hash } = await t.ctx.db.selectFrom('documents').select('hash').where('id', '=', doc.id).executeTakeFirstOrThrow();
    await t.ctx.storage.put(`${hashDir(hash)}/1.svg`, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    await t.ctx.storage.put(coverKey(hash), Buffer.from('cover'));
    return { id: doc.id, hash };
  }
  const statusOf = async (hash: string) => {
    const page = await t.app.inject({ url: `/view/page/${hash}/1.svg` });
    const cover = await t.app.inject({ url: `/view/cover/${hash}` });
    return [page.statusCode, cover.statusCode];
  };

  onStart(async (ready) => {
    ({ t, admin } = ready);
    cat = await category(t, admin, '隐藏文档');
  });

  it('serves a public document, stops when it is disabled or deleted, serves again when it is back', async () => {
    const doc = await converted();
    expect(await statusOf(doc.hash)).toEqual([200, 200]);

    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/document/check', token: admin, payload: { id: [doc.id], status: 4 } })).status,
    ).toBe(200);
    expect(await statusOf(doc.hash)).toEqual([404, 404]);
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/document/check', token: admin, payload: { id: [doc.id], status: 2 } })).status,
    ).toBe(200);
    expect(await statusOf(doc.hash)).toEqual([200, 200]);

    expect((await t.call({ method: 'DELETE', url: `/api/v1/document?id=${doc.id}`, token: admin })).status).toBe(200);
    expect(await statusOf(doc.hash)).toEqual([404, 404]);
    expect(
      (await t.call({ method: 'PUT', url: '/api/v1/document/recycle', token: admin, payload: { id: [doc.id] } })).status,
    ).toBe(200);
    expect(await statusOf(doc.hash)).toEqual([200, 200]);
  });

  it('serves nothing of a document under review, rejected or never converted', async () => {
    const doc = await converted();
    for (const status of [0, 3, 6, 7]) {
      await setStatus(t, doc.id, status);
      expect(await statusOf(doc.hash), `status ${status}`).toEqual([404, 404]);
    }
  });

  it('keeps serving a file another public document shares', async () => {
    const data = uniquePdf();
    const hidden = await converted(data);
    const twin = await converted(data);
    expect(twin.hash).toBe(hidden.hash);
    await setStatus(t, hidden.id, 4);
    expect(await statusOf(hidden.hash)).toEqual([200, 200]);
    await setStatus(t, twin.id, 4);
    expect(await statusOf(hidden.hash)).toEqual([404, 404]);
  });

  it('lets caches keep a page minutes, not a year, and revalidate it by ETag', async () => {
    const doc = await converted();
    const first = await t.app.inject({ url: `/view/page/${doc.hash}/1.svg` });
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ url: `/view/page/${doc.hash}/1.svg`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await setStatus(t, doc.id, 4);
    // a hidden document's page is not confirmed to a cache either
    expect((await t.app.inject({ url: `/view/page/${doc.hash}/1.svg`, headers: { 'if-none-match': etag } })).statusCode).toBe(
      404,
    );
  });
});
