import { backup, DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteDialect } from 'kysely';
import type { AppConfig } from '../config.ts';
import { migrate, openDatabase, type Database } from '../db/db.ts';
import { nodeSqliteDatabase } from '../db/node-sqlite.ts';
import type { DB } from '../db/schema.ts';
import { copySite } from './copy.ts';

/** The database file of a `sqlite:` URL, null for PostgreSQL. */
export const sqliteFile = (url: string): string | null => (url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : null);

/** All pages in one step: one read transaction, so writers elsewhere never restart the copy. */
const ALL_PAGES = 2 ** 31 - 1;

/**
 * Writes a consistent copy of the live database to the new SQLite file `dest` while the site keeps
 * serving. SQLite: SQLite's online backup, on a connection of its own (opened and closed by SQLite,
 * which keeps the locks of this process's other connections; never by hand) and in one step on a
 * thread of the pool, so the event loop and the other connections go on. PostgreSQL: every table
 * read in one REPEATABLE READ transaction into a SQLite file migrated to the same level; the search
 * index is left out and rebuilt on restore.
 */
export async function snapshotDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dbSchema'>, dest: string): Promise<void> {
  const file = sqliteFile(config.databaseUrl);
  if (file) {
    const source = new DatabaseSync(file, { timeout: 5000 });
    try {
      await backup(source, dest, { rate: ALL_PAGES });
    } finally {
      source.close();
    }
    // the copy is one file on its own: no -wal beside it in the archive or after a restore
    const copy = new DatabaseSync(dest);
    copy.exec('PRAGMA journal_mode = DELETE');
    copy.close();
    return;
  }
  const source = openDatabase(config.databaseUrl, { schema: config.dbSchema });
  const target = openSnapshot(dest);
  try {
    await migrate(target);
    await copySite(source, target);
  } finally {
    await source.destroy();
    await target.destroy();
  }
}

/** A SQLite file of a backup, opened as it is (no WAL switch, no version watching). */
export function openSnapshot(file: string): Database {
  const sqlite = new DatabaseSync(file, { timeout: 5000 });
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: nodeSqliteDatabase(sqlite) }) });
}
