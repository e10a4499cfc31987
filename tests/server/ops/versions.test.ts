import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from '../../../src/server/db/db.ts';
import { versionSequence } from '../../../src/server/db/migrations/009_lists.ts';
import { freshVersions, tableVersions } from '../../../src/server/db/versions.ts';
import { pgQuery, pgSchema } from '../support/site-copy.ts';

// The SQLite table versions are kept between reads and read again only when SQLite says something
// may have changed: these are the changes that must show.
describe('table versions on SQLite', () => {
  let dir: string;
  let file: string;
  let db: Database;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wenku-versions-'));
    file = join(dir, 'wenku.db');
    db = openDatabase(`sqlite:${file}`);
    await migrate(db);
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const bumps = (table: string) => sql`update table_versions set version = version + 1 where name = ${table}`;

  it('shows a write of this process at once', async () => {
    const before = await tableVersions(db, ['documents', 'users']);
    await bumps('users').execute(db);
    const after = await tableVersions(db, ['documents', 'users']);
    expect(after).not.toBe(before);
    expect(after.split(',')[0]).toBe(before.split(',')[0]);
  });

  it('shows a write committed by another connection (a worker process, the CLI) at once', async () => {
    const before = await tableVersions(db, ['documents']);
    const other = new DatabaseSync(file);
    other.exec("update table_versions set version = version + 1 where name = 'documents'");
    other.close();
    expect(await tableVersions(db, ['documents'])).toBe(String(Number(before) + 1));
  });

  it('forgets what a rolled-back transaction wrote', async () => {
    const before = await tableVersions(db, ['comments']);
    await expect(
      db.transaction().execute(async (trx) => {
        await bumps('comments').execute(trx);
        expect(await tableVersions(db, ['comments'])).toBe(String(Number(before) + 1));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await tableVersions(db, ['comments'])).toBe(before);
  });

  it('never lets a reading taken inside a transaction that is rolled back pass for one after a later commit', async () => {
    let during = '';
    await expect(
      db.transaction().execute(async (trx) => {
        await bumps('favorites').execute(trx);
        // what another request reads (and keeps its answer under) while this transaction awaits
        during = await freshVersions(db, ['favorites']);
        expect(await freshVersions(db, ['favorites'])).not.toBe(during);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await bumps('favorites').execute(db);
    const afterCommit = await freshVersions(db, ['favorites']);
    expect(afterCommit).toBe(await tableVersions(db, ['favorites']));
    expect(during).not.toBe(afterCommit);
  });
});

// PostgreSQL reads sequences with one statement compiled once per set of tables: each set must
// still read its own tables, and another connection's committed write must show at once.
describe.skipIf(!process.env.TEST_DATABASE_URL)('table versions on PostgreSQL', () => {
  let schema: string;
  let db: Database;
  let other: Database;
  beforeAll(async () => {
    schema = await pgSchema();
    db = openDatabase(process.env.TEST_DATABASE_URL!, { schema });
    await migrate(db, schema);
    other = openDatabase(process.env.TEST_DATABASE_URL!, { schema });
  });
  afterAll(async () => {
    await other.destroy();
    await db.destroy();
    await pgQuery(`drop schema ${schema} cascade`);
  });

  const bump = (table: string) => sql`select nextval(${sql.lit(versionSequence(table))})`.execute(other);

  it('shows another connection’s write at once, each set of tables reading its own counters', async () => {
    const both = await tableVersions(db, ['documents', 'users']);
    const users = await tableVersions(db, ['users']);
    await bump('users');
    const [documents, after] = (await tableVersions(db, ['documents', 'users'])).split(',');
    expect(documents).toBe(both.split(',')[0]);
    expect(Number(after)).toBeGreaterThan(Number(users));
    expect(await tableVersions(db, ['users'])).toBe(after);
    await bump('documents');
    expect(Number((await tableVersions(db, ['documents', 'users'])).split(',')[0])).toBeGreaterThan(Number(documents));
  });
});
