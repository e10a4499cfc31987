import type { CompiledQuery } from 'kysely';
import { pgPoolsOf, type Database } from './db.ts';

/**
 * The rows of a read by keys (ids of a page of search results, a primary key): one whose best plan
 * is the same whatever the keys. On PostgreSQL it runs on the lookup pool, where it is planned once
 * per connection (pg-pools.ts); on SQLite, or with a transaction's handle (whose statements must
 * run on its connection), as any other statement.
 */
export async function lookupRows<R>(db: Database, query: CompiledQuery<R>): Promise<R[]> {
  const pools = pgPoolsOf(db);
  if (!pools) return (await db.executeQuery(query)).rows;
  // not pool.query(): it passes pg a callback, and only promise calls are named (pg-prepared.ts)
  const client = await pools.lookup.connect();
  try {
    return (await client.query(query.sql, [...query.parameters])).rows as R[];
  } finally {
    client.release();
  }
}
