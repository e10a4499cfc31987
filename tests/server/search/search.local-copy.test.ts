import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../../src/server/db/db.ts';
import { logChanges } from '../../../src/server/search/changes.postgres.ts';
import { PG_SETTLE_MS, type StoreClock } from '../../../src/server/search/facet-store.ts';
import { indexDocuments, reindexAll, removeDocumentFromIndex } from '../../../src/server/search/indexer.ts';
import { LocalCopy } from '../../../src/server/search/local-copy.ts';
import { localCopyOf } from '../../../src/server/search/local-copies.ts';
import { parseQuery } from '../../../src/server/search/terms.ts';
import { describeEachDialect, it } from '../support/fixture.ts';
import { addDocument, testClock, writerHeldOpen } from './search.support.ts';

// PostgreSQL: a server's copy of the index in an FTS5 file of its own (local-copy.ts), followed
// from the change log: it answers a window's tiers as the index does, after writes, removals and
// a rebuild, and each process keeps a file of its own that the next process takes over.

/** The newest ids the copy finds for `q` at the text tier (undefined: the copy is not to be read now). */
async function found(copy: LocalCopy, q: string): Promise<number[] | undefined> {
  const reader = await copy.reader();
  return reader && (await reader('doc', [{ terms: parseQuery(q).terms, mark: '' }], 100))[0];
}

async function opened(
  db: Database,
  dir = mkdtempSync(join(tmpdir(), 'wenku-copy-')),
  clock: StoreClock = testClock(),
): Promise<LocalCopy> {
  const copy = new LocalCopy(db, clock);
  await copy.open(dir);
  return copy;
}

/** Runs `check` with a copy of `db`'s index (after indexing `titles` as new documents), then stops the copy. */
async function withCopy(
  db: Database,
  titles: string[],
  check: (copy: LocalCopy, ids: number[]) => Promise<void>,
  clock?: StoreClock,
) {
  const ids: number[] = [];
  for (const title of titles) ids.push(await addDocument(db, { title, pages: ['正文'] }));
  await indexDocuments(db, ids);
  const copy = await opened(db, undefined, clock);
  try {
    await check(copy, ids);
  } finally {
    await copy.stop();
  }
}

describeEachDialect('search index copied to local disk', { admin: false, member: false }, (dialect) => {
  it.runIf(dialect === 'postgres')('copies every indexed item, then follows writes and removals', async ({ t }) => {
    const db = t.ctx.db;
    await withCopy(db, ['本地副本甲号文档', '本地副本乙号文档'], async (copy, [a, b]) => {
      expect(await found(copy, '本地副本')).toEqual([b, a]);
      const c = await addDocument(db, { title: '本地副本丙号文档', pages: ['第一页'] });
      await indexDocuments(db, [c]);
      expect(await found(copy, '本地副本')).toEqual([c, b, a]);
      await removeDocumentFromIndex(db, b!);
      expect(await found(copy, '本地副本')).toEqual([c, a]);
      expect(await found(copy, '乙号')).toEqual([]);
      // edited: the new title's words match, the old ones no longer
      await db.updateTable('documents').set({ title: '本地副本改名文档' }).where('id', '=', a!).execute();
      await indexDocuments(db, [a!]);
      expect(await found(copy, '甲号')).toEqual([]);
      expect(await found(copy, '改名')).toEqual([a]);
    });
  });

  it.runIf(dialect === 'postgres')('is not read during a rebuild of the index, and copies it again after', async ({ t }) => {
    await withCopy(t.ctx.db, ['重建副本文档'], async (copy, [a]) => {
      expect(await found(copy, '重建副本')).toEqual([a]);
      await reindexAll(t.ctx.db);
      // the restart row of the rebuild: the search reads PostgreSQL's index while the copy is made again
      expect(await found(copy, '重建副本')).toBeUndefined();
      await copy.copied();
      expect(await found(copy, '重建副本')).toEqual([a]);
    });
  });

  it.runIf(dialect === 'postgres')('gives each process a file of its own, and the next one takes it over', async ({ t }) => {
    const db = t.ctx.db;
    const a = await addDocument(db, { title: '文件接管文档', pages: ['正文'] });
    await indexDocuments(db, [a]);
    const dir = mkdtempSync(join(tmpdir(), 'wenku-copy-'));
    const one = await opened(db, dir);
    const two = await opened(db, dir);
    expect(one.path).not.toBe(two.path);
    const path = one.path;
    await one.stop();
    await two.stop();
    const b = await addDocument(db, { title: '文件接管后文档', pages: ['正文'] });
    await indexDocuments(db, [b]);
    const next = await opened(db, dir);
    try {
      expect(next.path).toBe(path);
      // resumed from the file's floor: the item indexed while no process had it is there too
      expect(await found(next, '文件接管')).toEqual([b, a]);
    } finally {
      await next.stop();
    }
  });

  it.runIf(dialect === 'postgres')(
    'picks up a writer that commits after a later number was read, once it has had time to commit',
    async ({ t }) => {
      const db = t.ctx.db;
      const clock = testClock();
      await withCopy(
        db,
        [],
        async (copy) => {
          const late = await addDocument(db, { title: '迟到的提交', pages: ['正文'] });
          const early = await addDocument(db, { title: '先到的提交', pages: ['正文'] });
          // a writer takes its number and writes its item, then waits before committing
          const writer = await writerHeldOpen(db, async (trx, seq) => {
            await sql`insert into search_items (kind, ref_id, tokens) values ('doc', ${late}, ${"'迟到'"}::tsvector)`.execute(
              trx,
            );
            await logChanges(trx, 'doc', [late], seq);
          });
          // meanwhile another writer commits a higher number, and the copy follows it
          await indexDocuments(db, [early]);
          expect(await found(copy, '先到')).toEqual([early]);
          expect(await found(copy, '迟到')).toEqual([]);
          await writer.commit();
          // committed now, under a number below one the copy has read: found once the settling time has passed
          clock.tick(PG_SETTLE_MS);
          expect(await found(copy, '迟到')).toEqual([late]);
        },
        clock,
      );
    },
  );

  it.runIf(dialect === 'postgres')(
    'leaves tiers asked before the counters were read when an item was indexed in between',
    async ({ t }) => {
      const db = t.ctx.db;
      const clock = testClock();
      await withCopy(
        db,
        ['提前询问甲文档'],
        async (copy, [a]) => {
          // caught up, then settled: the state in which a window's tiers are asked ahead (window.ts)
          expect(await found(copy, '提前询问')).toEqual([a]);
          clock.tick(PG_SETTLE_MS);
          expect(await found(copy, '提前询问')).toEqual([a]);
          const ask = () => copy.prefetch('doc', [{ terms: parseQuery('提前询问').terms, mark: '' }], 100);
          ask();
          const b = await addDocument(db, { title: '提前询问乙文档', pages: ['正文'] });
          await indexDocuments(db, [b]);
          // the counters moved: the copy catches up and is read again, then settles on the new reading
          expect(await found(copy, '提前询问')).toEqual([b, a]);
          clock.tick(PG_SETTLE_MS);
          expect(await found(copy, '提前询问')).toEqual([b, a]);
          // settled, the next search takes what was asked ahead under its reading: the answer asked
          // before b was indexed is not that, and is dropped
          expect(await found(copy, '提前询问')).toEqual([b, a]);
          // asked ahead under this reading: taken
          ask();
          expect(await found(copy, '提前询问')).toEqual([b, a]);
        },
        clock,
      );
    },
  );

  it.runIf(dialect === 'postgres')("answers the server's searches over HTTP once it is made", async ({ t }) => {
    const db = t.ctx.db;
    const search = async (wd: string, sort = '') => {
      const res = await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent(wd)}${sort && `&sort=${sort}`}` });
      expect(res.status).toBe(200);
      return (res.body.document ?? []).map((d: { id: number }) => d.id);
    };
    const copy = localCopyOf(db)!;
    await copy.opened;
    expect(copy.usable).toBe(true);
    const a = await addDocument(db, { title: '蜻蜓点水的文档', pages: ['正文'] });
    await indexDocuments(db, [a]);
    expect(await search('蜻蜓点水')).toEqual([a]);
    await removeDocumentFromIndex(db, a);
    expect(await search('蜻蜓点水')).toEqual([]);
    // the copy answers: an item put into PostgreSQL's index behind the change log's back is not found
    const b = await addDocument(db, { title: '鸳鸯戏水的文档', pages: ['正文'] });
    await sql`insert into search_items (kind, ref_id, tokens) values ('doc', ${b}, ${"'鸳鸯'"}::tsvector)`.execute(db);
    await sql`insert into search_facets (kind, ref_id, ext, language, cats) values ('doc', ${b}, 'pdf', '', '')`.execute(db);
    expect(await search('鸳鸯')).toEqual([]);
    // nor by a window in another order, nor by the looser search (items lacking one of the words)
    expect(await search('鸳鸯', 'view_count')).toEqual([]);
    expect(await search('鸳鸯 蝴蝶')).toEqual([]);
    // and a write through the indexer is
    await indexDocuments(db, [b]);
    expect(await search('鸳鸯')).toEqual([b]);
    expect(await search('鸳鸯', 'view_count')).toEqual([b]);
    const loose = await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent('鸳鸯 蝴蝶')}` });
    expect(loose.body).toMatchObject({ total: 1, partial_total: 1, document: [{ id: b, missing_words: ['蝴蝶'] }] });
  });
});
