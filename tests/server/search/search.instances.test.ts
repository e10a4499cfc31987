import { expect } from 'vitest';
import { indexDocuments } from '../../../src/server/search/indexer.ts';
import { startPeer, type Peer, type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { addDocument } from './search.support.ts';

// Two instances on one database: a document that one of them indexes (as the instance following
// a worker's conversions does) is found through the other at once, although the other kept the
// window of the same search from before, and no item table changed in between (migration 028).

describeEachDialect('search windows kept by another instance (%s)', { admin: false, member: false }, () => {
  let one: TestApp;
  let two: Peer;
  onStart(async (ready) => {
    ({ t: one } = ready);
    one.closeWith((two = await startPeer(one)));
  }, 60_000);

  const found = async (wd: string) => {
    const res = await two.call({ url: `/api/v1/document/search?wd=${encodeURIComponent(wd)}` });
    expect(res.status).toBe(200);
    return (res.body.document ?? []).map((d: { id: number }) => d.id);
  };

  it('finds an item indexed by the other instance after keeping the empty window', async () => {
    const word = '跨实例检索测试';
    const id = await addDocument(one.ctx.db, { title: `${word}文档`, pages: ['正文'], status: 2 });
    // the second instance reads and keeps the window: the document is not in the index yet
    expect(await found(word)).toEqual([]);
    expect(await found(word)).toEqual([]);
    await indexDocuments(one.ctx.db, [id]);
    expect(await found(word)).toEqual([id]);
  });
});
