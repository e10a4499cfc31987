import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from '../../../src/server/db/db.ts';
import { lookupRows } from '../../../src/server/db/lookup.ts';

// PostgreSQL reads go out as named prepared statements, and `in (…)` lists as one array parameter
// so that their text does not change with the list's length.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL statements', () => {
  const schema = `t_stmt_${process.pid}_${Date.now()}`;
  let db: Database;
  beforeAll(async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
    db = openDatabase(process.env.TEST_DATABASE_URL!, { schema });
    await migrate(db, schema);
    const now = new Date().toISOString();
    await db
      .insertInto('languages')
      .values(
        ['甲', '乙', "丙'丁", '戊,己'].map((language, i) => ({
          language,
          code: `zz${i}`,
          enable: 1,
          sort: i,
          total: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
    await db.destroy();
  });

  const names = (codes: string[], not = false) =>
    db
      .selectFrom('languages')

      .select('language')
      .where('code', not ? 'not in' : 'in', codes)
      .where('code', 'like', 'zz%')
      .orderBy('sort')
      .execute()
      .then((rows) => rows.map((r) => r.language));

  it('sends an in-list as one array parameter, whatever its length, and one value as a comparison', async () => {
    const ids = (list: number[], op: 'in' | 'not in' = 'in') =>
      db.selectFrom('languages').select('id').where('id', op, list).compile();
    expect(ids([1, 2, 3]).sql).toBe(ids([1, 2]).sql);
    expect(ids([1, 2, 3]).sql).toContain('= any($1)');
    expect(ids([1, 2, 3]).parameters).toEqual([[1, 2, 3]]);
    expect(ids([4, 5], 'not in').sql).toContain('<> all($1)');
    // an index led by the column keeps its order for `=`, not for `= any(…)`
    expect(ids([7]).sql).toContain('"id" = $1');
    expect(ids([7]).parameters).toEqual([7]);
  });

  it('answers in-lists as before, quotes and commas in strings included', async () => {
    expect(await names(['zz0'])).toEqual(['甲']);
    expect(await names(['zz3', 'zz2', 'zz9'])).toEqual(["丙'丁", '戊,己']);
    expect(await names(['zz0', 'zz2'], true)).toEqual(['乙', '戊,己']);
  });

  it('prepares a read once per connection and runs it again by name', async () => {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i++) {
        const row = await trx
          .selectFrom('languages')
          .select(['language', 'sort as probe_sort'])
          .where('code', '=', `zz${i}`)
          .executeTakeFirst();
        expect(row?.language).toBe(['甲', '乙', "丙'丁"][i]);
      }
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements where name like 'w\_%' and statement like '%probe_sort%' and statement not like '%pg_prepared_statements%'`.execute(
        trx,
      );
      expect(rows[0].n).toBe(1);
    });
  });

  it('prepares again when another instance changed the columns a prepared statement returns', async () => {
    // one query at a time: the pool hands out the same connection, which keeps the first plan
    const all = () => db.selectFrom('languages').selectAll().where('code', '=', 'zz1').executeTakeFirstOrThrow();
    expect((await all()).language).toBe('乙');
    expect((await all()).language).toBe('乙');
    await sql`alter table languages add column probe_note text default '新列'`.execute(db);
    expect(await all()).toMatchObject({ language: '乙', probe_note: '新列' });
    await sql`alter table languages drop column probe_note`.execute(db);
    expect(await all()).not.toHaveProperty('probe_note');
  });

  it("runs a lookup by keys on connections that keep its plan, in the site's schema, and a transaction's on its own connection", async () => {
    const mode = sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`;
    expect((await lookupRows(db, mode.compile(db)))[0]!.mode).toBe('force_generic_plan');
    expect((await mode.execute(db)).rows[0]!.mode).toBe('force_custom_plan');
    const byCodes = (handle: Database, codes: string[]) =>
      lookupRows(handle, handle.selectFrom('languages').select('language').where('code', 'in', codes).orderBy('sort').compile());
    expect(await byCodes(db, ['zz3', 'zz0'])).toEqual([{ language: '甲' }, { language: '戊,己' }]);
    await db
      .transaction()
      .execute(async (trx) => {
        const now = new Date().toISOString();
        await trx
          .insertInto('languages')
          .values({ language: '庚', code: 'zz7', enable: 1, sort: 7, total: 0, created_at: now, updated_at: now })
          .execute();
        // its own uncommitted row: the lookup ran on the transaction's connection
        expect(await byCodes(trx, ['zz7'])).toEqual([{ language: '庚' }]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await byCodes(db, ['zz7'])).toEqual([]);
  });
});
