import { afterAll, beforeAll, describe, expect, vi } from 'vitest';
import pg from 'pg';
import { cachedCount } from '../../../src/server/db/count-cache.ts';
import { countOf } from '../../../src/server/http/list.ts';
import { KEPT_MAX_AGE_MS, versionedValue } from '../../../src/server/db/versioned-value.ts';
import { DIALECTS, startTestApp, tokenUuid, type TestApp } from '../support/app.ts';
import { describeEachDialect, it, onStart } from '../support/fixture.ts';
import { SETTINGS } from '../../../src/domain/settings/index.ts';

/** What `read` gives once everything kept is older than KEPT_MAX_AGE_MS. */
async function later<T>(read: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Date.now() + KEPT_MAX_AGE_MS + 1);
    return await read();
  } finally {
    vi.useRealTimers();
  }
}

// Values kept under table versions (categories map, list totals): read again exactly when a table
// they come from changed, whoever wrote it, or once they are old.

describeEachDialect('values kept under table versions on %s', { member: false }, () => {
  let t: TestApp;
  let admin: string;
  onStart((started) => ({ t, admin } = started));

  const categoryCount = () => countOf(t.ctx.db.selectFrom('categories'));
  const addCategory = async (title: string) =>
    expect((await t.call({ method: 'POST', url: '/api/v1/category', token: admin, payload: { title } })).status).toBe(200);

  it('reads again after a write to its table, and only then', async () => {
    let loads = 0;
    const count = versionedValue(t.ctx.db, ['categories'], async () => (loads++, categoryCount()));
    const before = await count();
    expect(await count()).toBe(before);
    expect(loads).toBe(1);
    // a write to another table leaves it standing
    const link = { title: '友链', link: 'https://example.com', enable: true };
    expect((await t.call({ method: 'POST', url: '/api/v1/friendlink', token: admin, payload: link })).status).toBe(200);
    await count();
    expect(loads).toBe(1);
    await addCategory('版本测试一');
    expect(await count()).toBe(before + 1);
    expect(loads).toBe(2);
  });

  it('forgets a failed read and an old value', async () => {
    let calls = 0;
    const value = versionedValue(t.ctx.db, ['categories'], async () => {
      if (++calls === 1) throw new Error('connection lost');
      return calls;
    });
    await expect(value()).rejects.toThrow('connection lost');
    expect(await value()).toBe(2);
    expect(await value()).toBe(2);
    expect(await later(value)).toBe(3);
  });

  it('keeps a total per key until its tables change, sharing one count among concurrent callers', async () => {
    let counts = 0;
    const total = () => cachedCount(t.ctx.db, ['categories'], 'all', async () => (counts++, categoryCount()));
    const [a, b] = await Promise.all([total(), total()]);
    expect(a).toBe(b);
    expect(counts).toBe(1);
    expect(await cachedCount(t.ctx.db, ['categories'], 'other', async () => -1)).toBe(-1);
    await addCategory('版本测试二');
    expect(await total()).toBe(a + 1);
    expect(counts).toBe(2);
  });

  it('answers a large total from its last count while it is counted again, one count at a time, or waits for it when asked for the exact total', async () => {
    let counts = 0;
    let hold = Promise.resolve();
    let running = Promise.resolve(0);
    const count = () => (counts++, (running = hold.then(categoryCount)));
    // largeFrom 1: every total is a large one
    const total = (exact = false) => cachedCount(t.ctx.db, ['categories'], 'large', count, { largeFrom: 1, exact });
    const a = await total();
    await addCategory('慢的总数');
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    expect(await total()).toBe(a);
    expect(await total()).toBe(a);
    expect(counts).toBe(2);
    // a caller that needs the exact total (a page read from the far end) waits for the running count
    const exact = total(true);
    release();
    expect(await exact).toBe(a + 1);
    expect(await running).toBe(a + 1);
    expect(await total()).toBe(a + 1);
    expect(counts).toBe(2);
  });
});

// On PostgreSQL a table's version is a sequence, which moves when the write runs, before its
// transaction commits: a read in between sees the new version and the old rows. What was read then
// must not stand until the next write; it stands for KEPT_MAX_AGE_MS at most.
describe.runIf(DIALECTS.includes('postgres'))('a write still uncommitted when its version was read, on postgres', () => {
  let t: TestApp;
  let other: pg.Client;
  beforeAll(async () => {
    t = await startTestApp('postgres');
    other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${t.schema}` });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  /** Runs `write` in a transaction of another connection, calls `during` before it commits, then commits. */
  const openWrite = async (write: string, params: unknown[], during: () => Promise<void>) => {
    await other.query('begin');
    await other.query(write, params);
    await during();
    await other.query('commit');
  };

  it('ends a revoked session within the bound, though its check was read before the revocation committed', async () => {
    const m = await t.member();
    const favorites = () => t.call({ url: '/api/v1/favorite/list?page=1&size=10', token: m.token });
    expect((await favorites()).status).toBe(200);
    const uuid = tokenUuid(m.token);
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    await openWrite(
      'insert into revoked_tokens (uuid, user_id, expires_at, created_at) values ($1, $2, $3, $4)',
      [uuid, m.id, expires, new Date().toISOString()],
      async () => expect((await favorites()).status).toBe(200),
    );
    // the check read in between stands under the version it was read at...
    expect((await favorites()).status).toBe(200);
    // ...for KEPT_MAX_AGE_MS at most
    expect((await later(favorites)).status).toBe(401);
  });

  it('shows a setting within the bound, though the settings were reloaded before it committed', async () => {
    const name = async () => (await t.ctx.settings.get(SETTINGS.system.sitename)) || '';
    const before = await name();
    await openWrite(
      "update configs set value = $1 where category = 'system' and name = 'sitename'",
      ['未提交时读到的站名'],
      async () => {
        t.ctx.settings.invalidate();
        expect(await name()).toBe(before);
      },
    );
    expect(await name()).toBe(before);
    expect(await later(name)).toBe('未提交时读到的站名');
  });
});
