import { expect } from 'vitest';
import type { Database } from '../../../src/server/db/db.ts';
import { FACET_CHUNK, FacetStore, settleMs } from '../../../src/server/search/facet-store.ts';
import { indexDocuments } from '../../../src/server/search/indexer.ts';
import { WindowBuilder } from '../../../src/server/search/window-table.ts';
import { describeEachDialect, it } from '../support/fixture.ts';
import { addCategory, addDocument, testClock, writerHeldOpen } from './search.support.ts';

// The facet rows of every indexed item held in memory (facet-store.ts): loaded once, then brought
// up to date from the rows numbered since, on both databases; on PostgreSQL a writer that commits
// after a later number was already read is still picked up once it has had time to commit.

/** What the store holds for one document: extension, language, categories. */
async function held(store: FacetStore, id: number) {
  const columns = await store.columns('doc');
  if (!columns?.has(id)) return undefined;
  const table = new WindowBuilder();
  columns.addTo(table, id, 3);
  const t = table.build();
  return { ext: t.ext(0), language: t.language(0), cats: t.cats(0), rel: t.rel[0] };
}

const setCategories = async (db: Database, id: number, cats: number[]) => {
  await db.deleteFrom('document_categories').where('document_id', '=', id).execute();
  for (const category_id of cats)
    await db
      .insertInto('document_categories')
      .values({ document_id: id, category_id, created_at: new Date().toISOString() })
      .execute();
};

describeEachDialect('facet rows held in memory', { admin: false, member: false }, (dialect) => {
  it('loads its rows a chunk at a time, giving other work a turn between chunks', async ({ t }) => {
    const db = t.ctx.db;
    const first = 100_000;
    const n = FACET_CHUNK * 2 + 500;
    const rows = Array.from({ length: n }, (_, i) => ({
      kind: 'doc',
      ref_id: first + i,
      ext: '.pdf',
      language: '',
      cats: '',
      seq: 0,
    }));
    for (let i = 0; i < n; i += 500)
      await db
        .insertInto('search_facets')
        .values(rows.slice(i, i + 500))
        .execute();
    // on SQLite every read resolves without returning to the event loop: only the load's own turns let this run
    let turns = 0;
    let loading = true;
    const count = () => {
      if (!loading) return;
      turns++;
      setImmediate(count);
    };
    setImmediate(count);
    const store = new FacetStore(db, testClock());
    await store.warm();
    loading = false;
    expect(turns).toBeGreaterThanOrEqual(2);
    const columns = await store.columns('doc');
    expect([columns?.has(first), columns?.has(first + n - 1)]).toEqual([true, true]);
  });

  it('holds every indexed item after its first load, and an item indexed again as it is now', async ({ t }) => {
    const db = t.ctx.db;
    // one after the other: ids in this order, as search_facets lists them
    const cats: number[] = [];
    for (const name of ['分面甲', '分面乙', '分面丙', '分面丁', '分面戊']) cats.push(await addCategory(db, name));
    const [a, b, c, d, e] = cats;
    const first = await addDocument(db, { title: '内存分面 第一篇', ext: '.DOCX', language: 'zh-CN', categories: [a!, b!] });
    await indexDocuments(db, [first]);
    const clock = testClock();
    const store = new FacetStore(db, clock);
    // not loaded yet: the search reads the rows from the database meanwhile
    expect(await store.columns('doc')).toBeUndefined();
    await store.warm();
    expect(await held(store, first)).toEqual({ ext: '.docx', language: 'zh-CN', cats: [a, b], rel: 3 });

    // a new item, an item in new categories (more than the arrays hold inline), and a removed item
    const second = await addDocument(db, { title: '内存分面 第二篇', ext: '.pdf', language: 'en', categories: [c!] });
    await setCategories(db, first, [a!, b!, c!, d!, e!]);
    await indexDocuments(db, [first, second]);
    expect(await held(store, second)).toEqual({ ext: '.pdf', language: 'en', cats: [c], rel: 3 });
    expect((await held(store, first))?.cats).toEqual([a, b, c, d, e]);
    await setCategories(db, first, [d!]);
    await indexDocuments(db, [first]);
    expect((await held(store, first))?.cats).toEqual([d]);
    expect(await held(store, 999_999)).toBeUndefined();
    // an id far past the others is not held (it would size the arrays) but still searched with its facets
    const far = await addDocument(db, { id: 2_000_000_000, title: '远方编号的分面文档', ext: '.pptx', categories: [e!] });
    await indexDocuments(db, [far]);
    expect(await held(store, far)).toBeUndefined();
    expect(await held(store, second)).toBeDefined();
    const found = await t.call({ url: `/api/v1/document/search?wd=${encodeURIComponent('远方编号')}` });
    expect(found.status).toBe(200);
    expect((found.body.document as Array<{ id: number }>).map((d) => d.id)).toEqual([far]);
    expect(found.body.facets).toMatchObject({ category: { [String(e)]: 1 } });
    expect(settleMs(db)).toBe(dialect === 'postgres' ? 5000 : 0);
  });

  it.runIf(dialect === 'postgres')(
    'picks up a writer that commits after a later number was read, once it has had time to commit',
    async ({ t }) => {
      const db = t.ctx.db;
      const clock = testClock();
      const store = new FacetStore(db, clock);
      await store.warm();
      const late = await addDocument(db, { title: '迟到的提交', ext: '.txt' });
      const early = await addDocument(db, { title: '先到的提交', ext: '.pdf' });
      // a writer takes its number and writes its row, then waits before committing
      const writer = await writerHeldOpen(db, async (trx, seq) => {
        await trx
          .insertInto('search_facets')
          .values({ kind: 'doc', ref_id: late, ext: '.txt', language: '', cats: '', seq })
          .execute();
      });
      // meanwhile another writer commits a higher number, and the store reads it
      await indexDocuments(db, [early]);
      expect((await held(store, early))?.ext).toBe('.pdf');
      expect(await held(store, late)).toBeUndefined();
      await writer.commit();
      // committed now, under a number below one the store has read: found once the settling time has passed
      clock.tick(settleMs(db));
      expect((await held(store, late))?.ext).toBe('.txt');
    },
  );
});
