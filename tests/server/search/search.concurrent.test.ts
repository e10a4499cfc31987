import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexDocuments } from '../../../src/server/search/indexer.ts';
import { syncIndex } from '../../../src/server/search/sync.ts';
import { DIALECTS, startPeer, startTestApp, type Peer, type TestApp } from '../support/app.ts';
import { addDocument, docIds } from './search.support.ts';

// Two instances on one database write the same items into the search index at once (each follows
// its own change events, and each runs the consistency sweep): the index ends as one writer alone
// would leave it, never with an item twice or half written. PostgreSQL only: instances of the
// scale-out mode share PostgreSQL; the two "instances" here share one Node thread, which node:sqlite's
// synchronous busy wait would block (a test artefact, not a behaviour of two processes).

const onPostgres = DIALECTS.includes('postgres');
if (!onPostgres) console.log('search.concurrent: TEST_DATABASE_URL is not set; skipped (PostgreSQL only)');

describe.skipIf(!onPostgres)('search index written by two instances at once on PostgreSQL', () => {
  let one: TestApp;
  let two: Peer;
  const ids: number[] = [];
  beforeAll(async () => {
    one = await startTestApp('postgres');
    two = await startPeer(one);
    for (let i = 0; i < 24; i++) {
      ids.push(
        await addDocument(one.ctx.db, {
          title: `并发索引文档 ${i}`,
          pages: [`第${i}份资料：分布式部署与负载均衡`, `第二页 共享存储 ${i}`],
        }),
      );
    }
  }, 60_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  const entries = async () => {
    const rows = await one.ctx.db
      .selectFrom('search_entries')
      .select(['ref_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('kind', '=', 'doc')
      .where('ref_id', 'in', ids)
      .groupBy('ref_id')
      .orderBy('ref_id')
      .execute();
    return rows.map((r) => [r.ref_id, Number(r.n)]);
  };

  it('leaves each item indexed once, as one writer would', async () => {
    await indexDocuments(one.ctx.db, ids);
    const alone = await entries();
    expect(alone).toHaveLength(ids.length);
    // overlapping batches in different orders from both instances, and both sweeps
    const reversed = [...ids].reverse();
    await Promise.all([
      indexDocuments(one.ctx.db, ids),
      indexDocuments(two.ctx.db, reversed),
      indexDocuments(one.ctx.db, reversed.slice(5)),
      indexDocuments(two.ctx.db, ids.slice(3)),
      syncIndex(one.ctx.db),
      syncIndex(two.ctx.db),
      ...ids.map((id, i) => indexDocuments(i % 2 ? one.ctx.db : two.ctx.db, [id])),
    ]);
    expect(await entries()).toEqual(alone);
    const refs = await one.ctx.db
      .selectFrom('search_refs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'doc')
      .where('ref_id', 'in', ids)
      .executeTakeFirstOrThrow();
    expect(Number(refs.n)).toBe(ids.length);
    // either instance finds every document once (ten to a page)
    const found = await two.call({ url: `/api/v1/document/search?wd=${encodeURIComponent('负载均衡')}` });
    expect(found.status).toBe(200);
    expect(Number(found.body.total)).toBe(ids.length);
    expect(new Set(docIds(found.body)).size).toBe(10);
  }, 60_000);
});
