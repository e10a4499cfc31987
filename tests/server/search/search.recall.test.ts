import { sql } from 'kysely';
import { expect } from 'vitest';
import { random } from '../../../scripts/bench/random.ts';
import { segmenter } from '../../../src/server/search/segment.ts';
import { reindexAll } from '../../../src/server/search/indexer.ts';
import { postgresIndex } from '../../../src/server/search/index.postgres.ts';
import { syncIndex } from '../../../src/server/search/sync.ts';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { addArticle, addDocument, docIds } from './search.support.ts';

/**
 * Recall as a reader expects, on a generated set (the benchmark's text: jieba dictionary words
 * drawn with Zipf's law): any run of 2–4 Chinese characters copied from a title or a page finds
 * its document, wherever jieba's words begin and end, with that page as a hit page. Each document
 * has its own uploader, so `user_id` narrows a search to the one document the text came from.
 */

/** The GIN indexes on the items and their halves (migration 037), with the index each is attached to. */
async function itemIndexes(t: TestApp) {
  const { rows } = await sql<{ name: string; parent: string | null }>`select c.relname as name, p.relname as parent
    from pg_index x join pg_class c on c.oid = x.indexrelid join pg_am a on a.oid = c.relam
    left join pg_inherits i on i.inhrelid = c.oid left join pg_class p on p.oid = i.inhparent
    where a.amname = 'gin' and x.indrelid in (to_regclass('search_items'), to_regclass('search_items_0'), to_regclass('search_items_1'))
    order by c.relname`.execute(t.ctx.db);
  return rows;
}
/** How the items' tsvectors are compressed, parent and halves (migration 038), and whether the server has LZ4. */
async function itemCompression(t: TestApp) {
  const { rows } = await sql<{ method: string }>`select attcompression as method from pg_attribute
    where attname = 'tokens' and attrelid in (to_regclass('search_items'), to_regclass('search_items_0'), to_regclass('search_items_1'))`.execute(
    t.ctx.db,
  );
  const { rows: lz4 } = await sql<{ on: boolean }>`select 'lz4' = any(enumvals) as on from pg_settings
    where name = 'default_toast_compression'`.execute(t.ctx.db);
  return { methods: rows.map((r) => r.method), lz4: lz4[0]?.on ?? false };
}

const WHOLE_ITEM_INDEXES = [
  { name: 'search_items_0_tokens', parent: 'search_items_tokens' },
  { name: 'search_items_1_tokens', parent: 'search_items_tokens' },
  { name: 'search_items_tokens', parent: null },
];

interface Doc {
  id: number;
  user: number;
  title: string;
  pages: string[];
}

interface Sample {
  doc: Doc;
  /** 0: the title, n: page n */
  page: number;
  text: string;
}

/** Deterministic samples: a run of 2–4 characters inside one punctuation-free stretch of a title or page. */
function samples(docs: readonly Doc[], count: number): Sample[] {
  const r = random(99);
  const out: Sample[] = [];
  while (out.length < count) {
    const doc = r.pick(docs);
    const page = r.int(0, doc.pages.length);
    const runs = (page ? doc.pages[page - 1] : doc.title).split(/[，。]/).filter((s) => s.length >= 2);
    if (!runs.length) continue;
    const run = r.pick(runs);
    const len = Math.min(run.length, r.int(2, 4));
    const at = r.int(0, run.length - len);
    out.push({ doc, page, text: run.slice(at, at + len) });
  }
  return out;
}

describeEachDialect('search recall on a generated set (%s)', { admin: false, member: false }, (dialect) => {
  let t: TestApp;
  const docs: Doc[] = [];
  const search = async (query: string) => {
    const res = await t.call({ url: `/api/v1/document/search?${query}` });
    expect(res.status).toBe(200);
    return res.body;
  };

  onStart(async (ready) => {
    ({ t } = ready);
    const r = random(7);
    // more than 50 at once: the sync tokenizes them in a worker thread
    for (let i = 0; i < 60; i++) {
      const title = r.sentence(r.int(3, 6)).slice(0, -1);
      const pages = Array.from({ length: r.int(1, 3) }, () => r.sentence(r.int(20, 50)));
      const user = 1000 + i;
      docs.push({ id: await addDocument(t.ctx.db, { title, pages, user_id: user }), user, title, pages });
    }
    await syncIndex(t.ctx.db);
  });

  it('finds a verbatim run of 2–4 characters from a title or a page, however jieba splits it', async () => {
    const list = samples(docs, 30);
    // runs that are no search-mode word of their text: a word index would miss them
    const split = list.filter(
      (s) =>
        !segmenter()
          .cutForSearch(s.page ? s.doc.pages[s.page - 1] : s.doc.title, true)
          .includes(s.text),
    );
    expect(split.length).toBeGreaterThanOrEqual(10);
    for (const s of list) {
      const body = await search(`wd=${encodeURIComponent(s.text)}&user_id=${s.doc.user}`);
      expect(docIds(body), `${s.text} (page ${s.page} of document ${s.doc.id})`).toEqual([s.doc.id]);
      const hit = body.document[0];
      if (s.page) expect(hit.hit_pages).toContain(s.page);
      else expect([...String(hit.title_highlight).matchAll(/<em>([^<]*)<\/em>/g)].some((m) => m[1].includes(s.text))).toBe(true);
    }
  });

  it('finds the same after the whole index is rebuilt from scratch', async () => {
    const list = samples(docs, 8);
    const before = await Promise.all(
      list.map(async (s) => docIds(await search(`wd=${encodeURIComponent(s.text)}&user_id=${s.doc.user}`))),
    );
    // parts of 7 items: on PostgreSQL two writers at once (bulkWriters) write the nine parts
    expect(await reindexAll(t.ctx.db, undefined, 7)).toBeGreaterThanOrEqual(docs.length);
    for (const [i, s] of list.entries()) {
      expect(docIds(await search(`wd=${encodeURIComponent(s.text)}&user_id=${s.doc.user}`))).toEqual(before[i]);
    }
    // every document is back, each found by its own uploader and a run of its title
    for (const doc of docs) {
      const run = doc.title.slice(0, 2);
      expect(docIds(await search(`wd=${encodeURIComponent(run)}&user_id=${doc.user}`)), doc.title).toEqual([doc.id]);
    }
    if (dialect === 'postgres') {
      expect(await itemIndexes(t)).toEqual(WHOLE_ITEM_INDEXES);
      const { methods, lz4 } = await itemCompression(t);
      expect(methods).toEqual(lz4 ? ['l', 'l', 'l'] : ['', '', '']);
    }
    if (dialect === 'sqlite') {
      // the rebuild turns FTS5's merging off while it writes, and back on at the end
      const { rows } = await sql<{ v: number }>`select v from search_fts_config where k = 'automerge'`.execute(t.ctx.db);
      expect(rows[0]?.v).toBe(4);
    }
  });

  it.runIf(dialect === 'postgres')(
    "builds the items' index after an interrupted rebuild, keeping a half's index it left",
    async () => {
      // as a rebuild killed after the first half's index: no parent index, one half's index unattached
      await sql`drop index search_items_tokens`.execute(t.ctx.db);
      await sql`create index search_items_0_tokens on search_items_0 using gin (tokens)`.execute(t.ctx.db);
      await postgresIndex.repair!(t.ctx.db);
      expect(await itemIndexes(t)).toEqual(WHOLE_ITEM_INDEXES);
      const s = samples(docs, 1)[0];
      expect(docIds(await search(`wd=${encodeURIComponent(s.text)}&user_id=${s.doc.user}`))).toEqual([s.doc.id]);
    },
  );

  it('ranks a title hit above a document that holds the run only in its text', async () => {
    const inTitle = docs[3];
    const run = inTitle.title.slice(0, 3);
    const inText = await addDocument(t.ctx.db, { title: 'Appendix', pages: [`附录：${run}。`] });
    await syncIndex(t.ctx.db);
    const ids = docIds(await search(`wd=${encodeURIComponent(run)}`));
    expect(ids).toContain(inText);
    expect(ids.indexOf(inTitle.id)).toBeLessThan(ids.indexOf(inText));
  });
});

describeEachDialect('an empty search result (%s)', { admin: false, member: false }, () => {
  let t: TestApp;
  let manual: number;
  let picked: number;
  const search = async (path: string, wd: string) => {
    const res = await t.call({ url: `/api/v1/${path}/search?wd=${encodeURIComponent(wd)}` });
    expect(res.status).toBe(200);
    return res.body;
  };

  onStart(async (ready) => {
    ({ t } = ready);
    manual = await addDocument(t.ctx.db, { title: 'Kubernetes 运维手册', pages: ['集群部署与日常维护'] });
    picked = await addDocument(t.ctx.db, { title: '编辑推荐的读物', pages: ['一本好书'] });
    await t.ctx.db.updateTable('documents').set({ recommend_at: new Date().toISOString() }).where('id', '=', picked).execute();
    await addArticle(t.ctx.db, { title: '站点公告', content: '<p>欢迎</p>' });
    await syncIndex(t.ctx.db);
  });

  it('suggests the parts of the query that find something, and recommended documents', async () => {
    const body = await search('document', 'kubernetes 火星基地');
    expect(body.document).toBeUndefined();
    expect(body.total).toBeUndefined();
    expect(body.related).toContain('kubernetes');
    expect(body.related).not.toContain('火星基地');
    // recommended first, then the most viewed; shaped like results, without highlights
    expect(body.recommend.map((d: { id: number }) => d.id)).toEqual([picked, manual]);
    expect(body.recommend[0]).toMatchObject({ title: '编辑推荐的读物', title_highlight: '编辑推荐的读物' });
    expect(body.recommend[0].hit_pages).toBeUndefined();
  });

  it('suggests earlier searches that found something when no part of the query does', async () => {
    expect((await search('document', 'kubernetes')).total).toBe(1);
    // search records are written in batches (at most one insert a second)
    await expect.poll(async () => (await search('document', 'kubectlx')).related, { timeout: 10_000 }).toEqual(['kubernetes']);
    expect((await search('document', 'kubectlx')).document).toBeUndefined();
  });

  it('recommends articles for an article search that finds nothing', async () => {
    const body = await search('article', '火星基地');
    expect(body.article).toBeUndefined();
    // none recommended: the most viewed (all unread here), newest first
    expect(body.recommend[0].title).toBe('站点公告');
    expect(body.recommend.length).toBeLessThanOrEqual(5);
  });
});
