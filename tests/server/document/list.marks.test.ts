import { expect, onTestFinished, vi } from 'vitest';
import { generateDataset } from '../../../scripts/bench/dataset.ts';
import { LARGE_TOTAL } from '../../../src/server/db/count-cache.ts';
import { MARKS_MIN_AGE_MS, markSpacing } from '../../../src/server/modules/document/page-marks.repo.ts';
import type { TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

// A category large enough to be paged from its page marks (page-marks.repo.ts): pages at every depth,
// in both directions of each sort order, against the list worked out from all rows; after a change
// the pages follow once the marks are read again.

const SORTS = ['id', 'view_count', 'download_count', 'score'] as const;
type Sort = (typeof SORTS)[number];
const SIZE = 20;

describeEachDialect('a large category paged from its marks on %s', { member: false, admin: false }, () => {
  let t: TestApp;
  let top: number;
  type Row = Record<Sort, number> & { status: number; deleted_at: string | null };

  /**
   * The converted live documents of the category (or of the whole library: `category` 0) by `sort`
   * `dir`, then newest first (the server adds `id desc` to any order without id).
   */
  const expected = async (sort: Sort, dir: 'asc' | 'desc', category = top) => {
    const rows = (await t.ctx.db
      .selectFrom('documents')
      .where((eb) =>
        category
          ? eb.exists(
              eb
                .selectFrom('document_categories as l')
                .select('l.id')
                .whereRef('l.document_id', '=', 'documents.id')
                .where('l.category_id', '=', category),
            )
          : eb.lit(true),
      )
      .select([
        'documents.id',
        'documents.status',
        'documents.deleted_at',
        'documents.view_count',
        'documents.download_count',
        'documents.score',
      ])
      .execute()) as Row[];
    const sign = dir === 'desc' ? -1 : 1;
    return rows
      .filter((d) => d.status === 2 && !d.deleted_at)
      .sort((a, b) => sign * (a[sort] - b[sort]) || b.id - a.id)
      .map((d) => d.id);
  };

  // each call its own URL: no visitors' shared answer (kept up to a second) stands in for a page read
  let calls = 0;
  const pageOf = async (sort: Sort, dir: 'asc' | 'desc', page: number, category = top) => {
    const inCategory = category ? `&category_id=${category}` : '';
    const url = `/api/v1/document/list?order=${sort}%20${dir}${inCategory}&page=${page}&size=${SIZE}&_call=${++calls}`;
    const res = await t.call({ url });
    expect(res.status).toBe(200);
    return { ids: (res.body.document ?? []).map((d: { id: number }) => d.id) as number[], total: res.body.total as number };
  };

  onStart(async (started) => {
    ({ t } = started);
    await generateDataset(t.ctx.db, { docs: 24_000 });
    const cats = await t.ctx.db
      .selectFrom('categories')
      .select(['id', 'doc_count'])
      .where('parent_id', '=', 0)
      .where('type', '=', 0)
      .orderBy('doc_count', 'desc')
      .execute();
    top = cats[0].id;
  }, 300_000);

  it('serves a page at any depth as the offset would, in every sort order and direction, in a category or the whole library', async () => {
    const lists = SORTS.flatMap((sort) => (['desc', 'asc'] as const).map((dir) => [sort, dir, top] as const));
    lists.push(['id', 'desc', 0], ['view_count', 'desc', 0]);
    for (const [sort, dir, category] of lists) {
      const want = await expected(sort, dir, category);
      // large enough to be paged from marks for most of its pages
      expect(want.length).toBeGreaterThanOrEqual(LARGE_TOTAL);
      const last = Math.ceil(want.length / SIZE);
      const step = 2 * markSpacing(want.length);
      for (const page of [2, Math.ceil(step / SIZE) + 1, Math.floor(last / 3), Math.floor(last / 2), last - 20, last - 1, last]) {
        const got = await pageOf(sort, dir, page, category);
        expect(got.ids, `${sort} ${dir} ${category} page ${page}`).toEqual(want.slice((page - 1) * SIZE, page * SIZE));
        expect(got.total).toBe(want.length);
      }
    }
  });

  it('follows a change behind the server’s back once the marks are read again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const middle = async () => Math.floor(Math.ceil((await expected('view_count', 'desc')).length / SIZE) / 2);
    const page = await middle();
    const before = await pageOf('view_count', 'desc', page);
    // the first document of the list drops to the end, and the second is deleted: every mark moves up
    // two places, so a page from the marks of before the change begins two entries early
    const want0 = await expected('view_count', 'desc');
    await t.ctx.db.updateTable('documents').set({ view_count: -1 }).where('id', '=', want0[0]).execute();
    await t.ctx.db.updateTable('documents').set({ deleted_at: new Date().toISOString() }).where('id', '=', want0[1]).execute();
    const want = await expected('view_count', 'desc');
    expect(want.slice((page - 1) * SIZE, page * SIZE)).not.toEqual(before.ids);
    // the marks of before the change answer until they are MARKS_MIN_AGE_MS old: the page begins two entries early
    const offset = (page - 1) * SIZE;
    expect((await pageOf('view_count', 'desc', page)).ids).toEqual(want.slice(offset - 2, offset - 2 + SIZE));
    // then they are read again (answering meanwhile), and the page is exact
    vi.setSystemTime(Date.now() + MARKS_MIN_AGE_MS);
    await expect
      .poll(async () => (await pageOf('view_count', 'desc', page)).ids, { timeout: 10_000 })
      .toEqual(want.slice((page - 1) * SIZE, page * SIZE));
    expect((await pageOf('view_count', 'desc', page)).ids).toEqual(want.slice((page - 1) * SIZE, page * SIZE));
  });
});
