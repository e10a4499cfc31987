import { expect, onTestFinished, vi } from 'vitest';
import { BENCH_PASSWORD, generateDataset } from '../../../scripts/bench/dataset.ts';
import { EXT_GROUPS } from '../../../src/domain/file-kind.ts';
import type { TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';

// Lists on a generated data set (the benchmark's generator, small): every page of every sort
// order and filter, as a visitor and signed in, against the same list worked out from all rows.

interface Doc {
  id: number;
  status: number;
  deleted_at: string | null;
  ext: string;
  price: number;
  language: string;
  user_id: number;
  view_count: number;
  download_count: number;
  score: number;
}

const SORTS = ['id', 'view_count', 'download_count', 'score'] as const;
const SIZE = 24;

describeEachDialect('lists at size on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  let docs: Doc[];
  let links: Map<number, Set<number>>;
  let top: number;
  let small: number;

  const reload = async () => {
    docs = await t.ctx.db
      .selectFrom('documents')
      .select(['id', 'status', 'deleted_at', 'ext', 'price', 'language', 'user_id', 'view_count', 'download_count', 'score'])
      .execute();
    links = new Map();
    for (const l of await t.ctx.db.selectFrom('document_categories').select(['document_id', 'category_id']).execute()) {
      if (!links.has(l.category_id)) links.set(l.category_id, new Set());
      links.get(l.category_id)!.add(l.document_id);
    }
  };

  onStart(async (started) => {
    ({ t, admin } = started);
    await generateDataset(t.ctx.db, { docs: 300 });
    await reload();
    const cats = await t.ctx.db
      .selectFrom('categories')
      .select(['id', 'parent_id', 'doc_count'])
      .where('type', '=', 0)
      .orderBy('doc_count', 'desc')
      .execute();
    top = cats.find((c) => c.parent_id === 0)!.id;
    // a category small enough to be read whole from its links (document-list.repo.ts)
    const all = cats.filter((c) => c.parent_id === 0).reduce((n, c) => n + c.doc_count, 0);
    small = cats.filter((c) => c.doc_count > 1 && c.doc_count * 20 <= all).at(0)!.id;
  }, 120_000);

  /** The expected public list: converted live documents matching, by `sort` desc then id desc. */
  const expected = (
    sort: (typeof SORTS)[number],
    f: { category?: number; ext?: keyof typeof EXT_GROUPS; free?: boolean; language?: string; user?: number },
  ) =>
    docs
      .filter((d) => d.status === 2 && !d.deleted_at)
      .filter((d) => !f.category || links.get(f.category)?.has(d.id))
      .filter((d) => !f.ext || (EXT_GROUPS[f.ext] as readonly string[]).includes(d.ext))
      .filter((d) => f.free === undefined || (f.free ? d.price === 0 : d.price > 0))
      .filter((d) => !f.language || d.language === f.language)
      .filter((d) => !f.user || d.user_id === f.user)
      .sort((a, b) => b[sort] - a[sort] || b.id - a.id)
      .map((d) => d.id);

  /** Every page of a list, page after page, until one comes back short. */
  const allPages = async (query: string, token?: string) => {
    const ids: number[] = [];
    const totals = new Set<number>();
    for (let page = 1; page < 100; page++) {
      const res = await t.call({ url: `/api/v1/document/list?${query}&page=${page}&size=${SIZE}`, token });
      expect(res.status).toBe(200);
      totals.add(res.body.total ?? 0);
      const got = (res.body.document ?? []).map((d: { id: number }) => d.id);
      ids.push(...got);
      if (got.length < SIZE) break;
    }
    return { ids, totals: [...totals] };
  };

  it('pages through every sort order and filter completely, in order, with the right total', async () => {
    const filters: Array<[string, Parameters<typeof expected>[1]]> = [
      ['', {}],
      [`category_id=${top}`, { category: top }],
      [`category_id=${small}`, { category: small }],
      ['ext=pdf', { ext: 'pdf' }],
      ['fee_type=free', { free: true }],
      ['fee_type=charge', { free: false }],
      ['language=en', { language: 'en' }],
      [`category_id=${top}&ext=doc&fee_type=free`, { category: top, ext: 'doc', free: true }],
    ];
    for (const sort of SORTS) {
      for (const [query, f] of filters) {
        const want = expected(sort, f);
        const { ids, totals } = await allPages(`order=${sort}%20desc${query ? `&${query}` : ''}`);
        expect(ids, `${sort} ${query}`).toEqual(want);
        expect(totals, `${sort} ${query}`).toEqual([want.length]);
      }
    }
  });

  it("gives a generated member's credits their ledger: 积分明细 adds up to 积分", async () => {
    const rich = await t.ctx.db
      .selectFrom('users')
      .select(['username', 'credit_count'])
      .where('credit_count', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const token = await t.login(rich.username, BENCH_PASSWORD);
    const res = await t.call({ url: '/api/v1/user/credit/log?page=1&size=20', token });
    expect(res.status).toBe(200);
    const rows = res.body.credit_log as Array<{ amount: number; balance: number }>;
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(rich.credit_count);
    expect(rows[0].balance).toBe(rich.credit_count);
  });

  it('answers a signed-in member (fresh) as it answers visitors (shared)', async () => {
    const member = await t.member();
    const query = `order=view_count%20desc&category_id=${top}&language=zh-CN`;
    const visitor = await allPages(query);
    const signedIn = await allPages(query, member.token);
    expect(signedIn).toEqual(visitor);
    expect(visitor.ids).toEqual(expected('view_count', { category: top, language: 'zh-CN' }));
  });

  it("lists a user's documents, and pages past the end come back empty with the total", async () => {
    const user = docs.find((d) => d.status === 2 && !d.deleted_at)!.user_id;
    const { ids } = await allPages(`user_id=${user}&order=id%20desc`);
    expect(ids).toEqual(expected('id', { user }));
    const beyond = await t.call({ url: `/api/v1/document/list?page=1000&size=${SIZE}` });
    expect(beyond.body.document ?? []).toEqual([]);
    expect(beyond.body.total).toBe(expected('id', {}).length);
  });

  it('reads the whole library by keyset (before_id), as the static build does, with the full total each time', async () => {
    const want = expected('id', {});
    const ids: number[] = [];
    let before: number | undefined;
    for (let call = 0; call < 100; call++) {
      const cursor = before ? `&before_id=${before}` : '';
      const res = await t.call({ url: `/api/v1/document/list?order=id%20desc&page=1&size=${SIZE}${cursor}` });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(want.length);
      const got = (res.body.document ?? []).map((d: { id: number }) => d.id);
      ids.push(...got);
      if (got.length < SIZE) break;
      before = got.at(-1);
    }
    expect(ids).toEqual(want);
    const bad = await t.call({ url: '/api/v1/document/list?before_id=-3' });
    expect(bad.status).toBe(400);
  });

  it("shows each listed document with its uploader's name and its categories, top one first", async () => {
    const names = new Map(
      (await t.ctx.db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.id, u.username]),
    );
    const parents = new Map(
      (await t.ctx.db.selectFrom('categories').select(['id', 'parent_id']).execute()).map((c) => [c.id, c.parent_id]),
    );
    const res = await t.call({ url: `/api/v1/document/list?page=1&size=24&order=id%20desc&category_id=${top}` });
    const shown = res.body.document as Array<{ id: number; user_id: number; username: string; category_id: number[] }>;
    expect(shown).toHaveLength(24);
    for (const d of shown) {
      expect(d.username).toBe(names.get(d.user_id));
      const own = [...links].filter(([, ids]) => ids.has(d.id)).map(([c]) => c);
      expect([...d.category_id].sort((a, b) => a - b)).toEqual(own.sort((a, b) => a - b));
      // a parent before its child
      for (const [i, c] of d.category_id.entries()) expect(d.category_id.slice(i + 1)).not.toContain(parents.get(c));
    }
  });

  it('fills each home block with the newest converted live documents of its top category', async () => {
    const tops = await t.ctx.db
      .selectFrom('categories')
      .select('id')
      .where('parent_id', '=', 0)
      .where('type', '=', 0)
      .where('enable', '=', 1)
      .execute();
    const res = await t.call({ url: '/api/v1/document/home?limit=8&field=user_id&field=username&_fresh=1' });
    expect(res.status).toBe(200);
    type Shown = { id: number; user_id: number; username?: string; category_id?: number[] };
    const blocks = res.body.document as Array<{ category_id: number; document?: Shown[] }>;
    expect(blocks.map((b) => b.category_id).sort()).toEqual(tops.map((c) => c.id).sort());
    for (const b of blocks)
      expect((b.document ?? []).map((d) => d.id)).toEqual(expected('id', { category: b.category_id }).slice(0, 8));
    // asked for, each document carries its uploader's name; always its categories, top one first
    const shown = blocks.flatMap((b) => (b.document ?? []).map((d) => ({ top: b.category_id, d })));
    expect(shown.length).toBeGreaterThan(0);
    const names = new Map(
      (await t.ctx.db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.id, u.username]),
    );
    for (const { top, d } of shown) {
      expect(d.username).toBe(names.get(d.user_id));
      expect(d.category_id?.[0]).toBe(top);
    }
  });

  it('moves totals and pages at once after a change, whoever writes it', async () => {
    const query = `order=id%20desc&category_id=${top}`;
    const before = await allPages(query);
    // through the API: the owner deletes a document (recycle bin)
    const gone = before.ids[3];
    const del = await t.call({ method: 'DELETE', url: `/api/v1/document?id=${gone}`, token: admin });
    expect(del.status).toBe(200);
    // behind the server's back, as a converter worker in another process would: one disabled
    const disabled = before.ids[7];
    await t.ctx.db.updateTable('documents').set({ status: 4 }).where('id', '=', disabled).execute();
    const after = await allPages(query);
    expect(after.ids).toEqual(before.ids.filter((id) => id !== gone && id !== disabled));
    expect(after.totals).toEqual([before.ids.length - 2]);
    await reload();
    expect(after.ids).toEqual(expected('id', { category: top }));
    // the recycle bin lists the deleted one first (newest deletion first)
    const bin = await t.call({ url: '/api/v1/document/recycle?page=1&size=10', token: admin });
    expect(bin.body.document[0].id).toBe(gone);
    expect(bin.body.total).toBe(docs.filter((d) => d.deleted_at).length);
  });

  it("keeps a category's sort orders through any process's change of counters, links and status", async () => {
    const member = await t.member();
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const check = async (sort: (typeof SORTS)[number]) => {
      // a counter is no filter: a kept answer stands for up to a second (the test below)
      vi.setSystemTime(Date.now() + 1500);
      await reload();
      const { ids, totals } = await allPages(`order=${sort}%20desc&category_id=${top}`, member.token);
      expect(ids, sort).toEqual(expected(sort, { category: top }));
      expect(totals, sort).toEqual([ids.length]);
      return ids;
    };
    const byViews = await check('view_count');
    // behind the server's back, as a converter worker or a sqlite3 shell would: counters move a document up
    const last = byViews.at(-1)!;
    await t.ctx.db.updateTable('documents').set({ view_count: 1_000_000, score: 500 }).where('id', '=', last).execute();
    expect((await check('view_count'))[0]).toBe(last);
    expect((await check('score'))[0]).toBe(last);
    // a link made to a document of another category, and one removed
    const outside = docs.find((d) => d.status === 2 && !d.deleted_at && !links.get(top)?.has(d.id))!.id;
    await t.ctx.db
      .insertInto('document_categories')
      .values({ document_id: outside, category_id: top, created_at: new Date().toISOString() })
      .execute();
    await t.ctx.db
      .deleteFrom('document_categories')
      .where('document_id', '=', byViews[0])
      .where('category_id', '=', top)
      .execute();
    const moved = await check('download_count');
    expect(moved).toContain(outside);
    expect(moved).not.toContain(byViews[0]);
    // a document converted again, then back
    await t.ctx.db.updateTable('documents').set({ status: 5 }).where('id', '=', last).execute();
    expect(await check('id')).not.toContain(last);
    await t.ctx.db.updateTable('documents').set({ status: 2 }).where('id', '=', last).execute();
    expect(await check('id')).toContain(last);
  });

  it('shares a visitor answer for at most a second, and never past a change of what it lists', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const url = '/api/v1/document/list?page=1&size=5&order=id%20desc';
      const first = (await t.call({ url })).body.document[0];
      // a counter is no filter: the shared answer stands until it is a second old
      await t.ctx.db
        .updateTable('documents')
        .set({ view_count: first.view_count + 1000 })
        .where('id', '=', first.id)
        .execute();
      expect((await t.call({ url })).body.document[0].view_count ?? 0).toBe(first.view_count ?? 0);
      const member = await t.member();
      expect((await t.call({ url, token: member.token })).body.document[0].view_count).toBe((first.view_count ?? 0) + 1000);
      vi.setSystemTime(Date.now() + 1500);
      expect((await t.call({ url })).body.document[0].view_count).toBe((first.view_count ?? 0) + 1000);
      // a change of what the list shows (here the title) is seen at once
      await t.ctx.db.updateTable('documents').set({ title: '刚改的标题' }).where('id', '=', first.id).execute();
      expect((await t.call({ url })).body.document[0].title).toBe('刚改的标题');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a moved category in the next visitor answer, its parent first', async () => {
    const children = await t.ctx.db.selectFrom('categories').select('id').where('parent_id', '=', top).execute();
    const child = children.find((c) => [...(links.get(c.id) ?? [])].some((id) => links.get(top)?.has(id)))!.id;
    const doc = [...links.get(child)!].find((id) => links.get(top)!.has(id))!;
    const url = `/api/v1/document/list?page=1&size=5&id=${doc}`;
    const shown = async () => (await t.call({ url })).body.document[0].category_id as number[];
    expect((await shown()).indexOf(top)).toBeLessThan((await shown()).indexOf(child));
    // behind the server's back, as another process would: the child becomes the parent
    const move = (a: number, b: number) =>
      t.ctx.db.transaction().execute(async (tx) => {
        await tx.updateTable('categories').set({ parent_id: 0 }).where('id', '=', b).execute();
        await tx.updateTable('categories').set({ parent_id: b }).where('id', '=', a).execute();
      });
    await move(top, child);
    try {
      const after = await shown();
      expect(after.indexOf(child)).toBeLessThan(after.indexOf(top));
    } finally {
      await move(child, top);
    }
  });

  it('pages admin lists by status and category with their totals', async () => {
    for (const [query, want] of [
      ['status=6', docs.filter((d) => !d.deleted_at && d.status === 6)],
      [`status=2&category_id=${small}`, docs.filter((d) => !d.deleted_at && d.status === 2 && links.get(small)?.has(d.id))],
    ] as const) {
      const ids = want.map((d) => d.id).sort((a, b) => b - a);
      const { ids: got, totals } = await allPages(`${query}&order=id%20desc`, admin);
      expect(got).toEqual(ids);
      expect(totals).toEqual([ids.length]);
    }
  });

  it("pages a document's comment thread: every top-level comment once, replies after their page", async () => {
    const busiest = await t.ctx.db
      .selectFrom('comments')
      .select(['document_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('type', '=', 0)
      .where('parent_id', '=', 0)
      .where('status', '=', 1)
      .groupBy('document_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .orderBy('document_id', 'asc')
      .executeTakeFirstOrThrow();
    const tops: number[] = [];
    for (let page = 1; page < 50; page++) {
      const res = await t.call({ url: `/api/v1/comment/list?document_id=${busiest.document_id}&type=0&page=${page}&size=5` });
      expect(res.body.total).toBe(Number(busiest.n));
      const rows: Array<{ id: number; parent_id?: number }> = res.body.comment ?? [];
      const own = rows.filter((c) => !c.parent_id).map((c) => c.id);
      expect(rows.filter((c) => c.parent_id).every((c) => own.includes(c.parent_id!))).toBe(true);
      tops.push(...own);
      if (own.length < 5) break;
    }
    expect(tops).toEqual([...tops].sort((a, b) => b - a));
    expect(new Set(tops).size).toBe(Number(busiest.n));
  });
});
