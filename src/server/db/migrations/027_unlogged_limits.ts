import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * The rate limits' counters (`rate_limits`, migration 015) need no durability: losing the last
 * counts in a crash only lets a limit restart early. Counting every limited request with a flushed
 * commit cost each guest search an fsync. PostgreSQL: the table becomes UNLOGGED (no WAL, emptied
 * after a crash). SQLite: the counters move to a file of their own written without fsync
 * (db.ts openCounterDatabase), so the table leaves the site's database.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`alter table rate_limits set unlogged`.execute(db);
  else await db.schema.dropTable('rate_limits').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`alter table rate_limits set logged`.execute(db);
    return;
  }
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('resets_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_resets_at').on('rate_limits').column('resets_at').execute();
}
