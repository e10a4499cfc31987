import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { createRateLimits } from './015_scale_out.ts';

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
  await createRateLimits(db);
}
