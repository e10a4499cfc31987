import { expect } from 'vitest';
import { TIER } from '../../../src/server/search/backend.ts';
import { facetStore } from '../../../src/server/search/facet-store.ts';
import { runSearch, type PageHits } from '../../../src/server/search/query.ts';
import { documentSpec } from '../../../src/server/search/search.specs.ts';
import { syncIndex } from '../../../src/server/search/sync.ts';
import { parseQuery } from '../../../src/server/search/terms.ts';
import { type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { addDocument, docIds } from './search.support.ts';

// The window of a search is the newest matches of each tier. PostgreSQL finds them range by range
// of ids, newest first (search/newest.postgres.ts: ranges of 1,024 ids and more), so these documents are
// spread over ids 1,000 to 90,000: the window must be the same as if every match were sorted.

const WORD = '桶间检索';
const RARE = '稀有桶词';
const titled = Array.from({ length: 25 }, (_, i) => 1000 + i * 1700);
const inText = [60_000, 63_000, 66_000, 69_000, 72_000];
const inKeywords = [30_500, 45_500, 80_500];
const rare = [3, 90_000];
const desc = (ids: number[]) => [...ids].sort((a, b) => b - a);

describeEachDialect('search windows over ids far apart (%s)', { admin: false, member: false }, (dialect) => {
  let t: TestApp;
  const search = async (query: string) => {
    const res = await t.call({ url: `/api/v1/document/search?${query}` });
    expect(res.status).toBe(200);
    return res.body;
  };
  const page = (wd: string, n: number) => search(`wd=${encodeURIComponent(wd)}&page=${n}`);

  onStart(async (ready) => {
    ({ t } = ready);
    const db = t.ctx.db;
    for (const id of titled) await addDocument(db, { id, title: `${WORD}第${id}号`, pages: ['正文'] });
    for (const id of inText) await addDocument(db, { id, title: `正文样本${id}`, pages: [`这一页说到${WORD}`] });
    for (const id of inKeywords) await addDocument(db, { id, title: `标引样本${id}`, keywords: WORD, pages: ['正文'] });
    for (const id of rare) await addDocument(db, { id, title: `${RARE}${id}`, pages: ['正文'] });
    await syncIndex(db);
  });

  it('answers the newest title matches first, then the keyword matches, then the text matches, page by page', async () => {
    const all = [...desc(titled), ...desc(inKeywords), ...desc(inText)];
    const pages = [await page(WORD, 1), await page(WORD, 2), await page(WORD, 3), await page(WORD, 4)];
    expect(pages[0].total).toBe(33);
    expect(pages.flatMap(docIds)).toEqual(all.slice(0, 40));
  });

  it('keeps the newest title matches when the window is smaller than the matches', async () => {
    await t.setConfig('display', 'max_search_pages', '2');
    const first = await page(WORD, 1);
    expect(first.total).toBe(20);
    expect([...docIds(first), ...docIds(await page(WORD, 2))]).toEqual(desc(titled).slice(0, 20));
    await t.setConfig('display', 'max_search_pages', '0');
  });

  it('finds a rare word in the oldest and the newest ids alike', async () => {
    const body = await page(RARE, 1);
    expect(body.total).toBe(2);
    expect(docIds(body)).toEqual(desc(rare));
  });

  it('reads a page as soon as the tiers read so far fill it (PostgreSQL), and answers that very page', async () => {
    const { terms } = parseQuery(WORD);
    // an early page needs the facet rows held (a PostgreSQL server loads them 5 s after its start)
    await facetStore(t.ctx.db).warm();
    // a window size no other test asks for: read afresh, not kept
    const asked = async (offset: number, maxPages: number) => {
      const early: PageHits[] = [];
      const result = await runSearch(t.ctx.db, documentSpec({ wd: WORD }, terms, 10, offset, maxPages), true, (p) =>
        early.push(p),
      );
      return { early, result };
    };
    const first = await asked(10, 99);
    expect(first.result.page.ids).toEqual(desc(titled).slice(10, 20));
    expect(first.result.total).toBe(33);
    if (dialect === 'sqlite') expect(first.early).toEqual([]);
    else {
      // the title tier's 25 settle the second page while the keyword and text tiers are read
      expect(first.early).toHaveLength(1);
      expect(first.result.page).toBe(first.early[0]);
      expect((await first.result.page.hits).map((h) => h.rel)).toEqual(Array(10).fill(TIER.title));
    }
    // the third page waits for the text tier (25 title and 3 keyword matches), then is read before the
    // window's facet rows are put together; the fourth is not full (33 matches): read after the window
    const third = await asked(20, 98);
    expect(third.result.page.ids).toEqual([...desc(titled).slice(20), ...desc(inKeywords), ...desc(inText).slice(0, 2)]);
    expect(third.early).toHaveLength(dialect === 'sqlite' ? 0 : 1);
    if (dialect === 'postgres') expect(third.result.page).toBe(third.early[0]);
    const fourth = await asked(30, 97);
    expect(fourth.result.page.ids).toEqual(desc(inText).slice(2));
    expect(fourth.early).toEqual([]);
  });
});
