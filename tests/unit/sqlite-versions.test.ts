import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { sqliteTableVersions, watchSqliteVersions } from '../../src/server/db/sqlite-versions.ts';

/** A database with the counters table of migration 009 and one counted table. */
function counted() {
  const sqlite = new DatabaseSync(':memory:');
  sqlite.exec(`create table table_versions (name text primary key, version integer not null default 0);
    insert into table_versions (name) values ('documents');`);
  const db = {};
  watchSqliteVersions(db, sqlite);
  const bump = () => sqlite.exec(`update table_versions set version = version + 1 where name = 'documents'`);
  return { sqlite, bump, read: () => sqliteTableVersions(db, ['documents'])! };
}

describe('the change counters of a SQLite database', () => {
  it('move with every commit of the connection', () => {
    const { bump, read } = counted();
    const before = read();
    bump();
    expect(read()).not.toBe(before);
    expect(read()).toBe(read());
  });

  it('read inside a transaction that is rolled back never equal a reading after a later commit', () => {
    const { sqlite, bump, read } = counted();
    sqlite.exec('begin immediate');
    bump();
    // what a request reads while another one's transaction is open: what it keeps is read after the rollback
    const duringRolledBack = read();
    sqlite.exec('rollback');
    bump();
    const afterCommit = read();
    expect(afterCommit.split(',')).toEqual(['1']);
    expect(duringRolledBack).not.toBe(afterCommit);
    // and two readings inside a transaction are told apart too
    sqlite.exec('begin immediate');
    expect(read()).not.toBe(read());
    sqlite.exec('rollback');
  });
});
