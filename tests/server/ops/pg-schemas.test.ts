import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from '../../../src/server/db/db.ts';

// A PostgreSQL database may hold other schemas than the site's: another application's, another
// Wenku's (WENKU_DB_SCHEMA), the test files' own. What happens in them must not reach the site.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: other schemas in the same database', () => {
  const tag = `${process.pid}_${Date.now()}`;
  const ours = `t_own_${tag}`;
  const theirs = `t_other_${tag}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  let db: Database;
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create schema ${ours}; create schema ${theirs}`);
    // another Kysely application's bookkeeping, in its own schema
    await admin.query(`create table ${theirs}.kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)`);
    await admin.query(`create table ${theirs}.notes (id serial primary key, body text)`);
    db = openDatabase(process.env.TEST_DATABASE_URL!, { schema: ours });
  });
  afterAll(async () => {
    await db.destroy();
    await admin.query(`drop schema if exists ${ours} cascade; drop schema if exists ${theirs} cascade`);
    await admin.end();
  });

  it("migrates its own schema when another schema has Kysely's tables, and sees only its own tables", async () => {
    // without a schema named, as `npm start` without WENKU_DB_SCHEMA: the search_path decides
    await migrate(db);
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([ours]));
    expect(tables.map((t) => t.name)).toContain('kysely_migration');
    expect(tables.map((t) => t.name)).not.toContain('notes');
    const users = tables.find((t) => t.name === 'users');
    expect(users?.columns.find((c) => c.name === 'id')).toMatchObject({ isAutoIncrementing: true, isNullable: false });
  });

  it('starts while other schemas are created and dropped around it', async () => {
    const churn = (async () => {
      for (let i = 0; i < 30; i++) {
        const s = `t_churn_${tag}_${i}`;
        const tables = Array.from({ length: 20 }, (_, j) => `create table ${s}.t${j} (id serial primary key, a text, b text);`);
        await admin.query(`create schema ${s}; ${tables.join(' ')}`);
        await admin.query(`drop schema ${s} cascade`);
      }
    })();
    const starts = (async () => {
      for (let i = 0; i < 30; i++) await migrate(db, ours);
    })();
    await expect(Promise.all([churn, starts])).resolves.toBeDefined();
  });
});
