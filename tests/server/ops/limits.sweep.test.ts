import { expect } from 'vitest';
import { openCounterDatabase, type Database } from '../../../src/server/db/db.ts';
import { dialectOf } from '../../../src/server/db/dialect.ts';
import { createCounterTable, hit, peek, sweepEnded } from '../../../src/server/limits/rate-limit.repo.ts';
import { describeEachDialect, it } from '../support/fixture.ts';

// The counters of ended windows are swept in batches (1,000 a statement): a crawl from many
// addresses leaves thousands, and one statement deleting them all held SQLite's thread.
describeEachDialect('rate-limit counters swept on %s', { admin: false, member: false }, () => {
  it('removes every ended counter over several batches and keeps the live ones', async ({ t }) => {
    // SQLite keeps the counters in a file of their own beside the site's (rate-limit.store.ts)
    const sqlite = dialectOf(t.ctx.db) === 'sqlite';
    const db: Database = sqlite ? openCounterDatabase(t.ctx.config.databaseUrl) : t.ctx.db;
    if (sqlite) await createCounterTable(db);
    const now = 5_000_000;
    const ended = Array.from({ length: 2_300 }, (_, i) => `GET/api/v1/document/search-10.9.${i >> 8}.${i & 255}`);
    for (const key of ended) await hit(db, key, 60_000, now - 120_000);
    await hit(db, 'GET/api/v1/document/search-10.8.0.1', 60_000, now - 1_000);
    await hit(db, 'GET/api/v1/document/search-10.8.0.1', 60_000, now - 500);
    await sweepEnded(db, now);
    const left = await db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'like', 'GET/api/v1/document/search-10.%')
      .execute();
    expect(left.map((r) => r.key)).toEqual(['GET/api/v1/document/search-10.8.0.1']);
    expect(await peek(db, 'GET/api/v1/document/search-10.8.0.1', now)).toEqual({ hits: 2, resetsAt: now - 1_000 + 60_000 });
    if (sqlite) await db.destroy();
  });
});
