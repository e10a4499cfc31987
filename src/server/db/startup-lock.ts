import { sql } from 'kysely';
import type { Database } from './db.ts';
import { dialectOf } from './dialect.ts';

/** Advisory lock class of the start-up section ("WK"); the object is the schema's hash. */
const STARTUP_LOCK = 0x574b;

/**
 * Runs a process's start-up writes (migrations, the JWT secret, seeding) while holding a PostgreSQL
 * session advisory lock of the schema: instances starting at once on a fresh database take turns, so
 * the first creates the rows and the others find them (instead of failing on a unique key or, for the
 * secret, each keeping a different one). SQLite: one machine, run directly.
 */
export async function oneStartupAtATime<T>(db: Database, work: () => Promise<T>): Promise<T> {
  if (dialectOf(db) !== 'postgres') return work();
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK}, hashtext(current_schema()))`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK}, hashtext(current_schema()))`.execute(conn);
    }
  });
}
