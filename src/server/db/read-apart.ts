import type { Compilable, SelectQueryBuilder } from 'kysely';
import { countQuery } from '../http/list.ts';
import { WorkerCalls } from '../threads/worker-calls.ts';
import { sqliteFileOf, type Database } from './db.ts';
import type { DB } from './schema.ts';

/**
 * Reads over a whole list (a filter's COUNT(*), a category's page marks), on SQLite run by a thread
 * of its own. node:sqlite runs a statement on the calling thread, and the total of a broad filter
 * at 1,000,000 documents (the largest category, one format, paid: 3.26 s) held up every other
 * request of the server for that long. PostgreSQL reads in its own process; a transaction's read
 * must see its own writes; both stay here, as does every read after the thread failed.
 */

export interface ReadCall {
  file: string;
  sql: string;
  parameters: readonly unknown[];
}

let thread: WorkerCalls<ReadCall, unknown[]> | null = null;
let broken = false;

function reader(): WorkerCalls<ReadCall, unknown[]> {
  thread ??= new WorkerCalls<ReadCall, unknown[]>(new URL('./read.worker.ts', import.meta.url));
  return thread;
}

/** A query to read apart. */
export type ReadQuery<O> = Compilable<O> & { execute(): Promise<O[]> };

/** The rows of `q`, read by the thread on SQLite. */
export async function readApart<O>(db: Database, q: ReadQuery<O>): Promise<O[]> {
  const file = sqliteFileOf(db);
  if (!file || broken || db.isTransaction) return q.execute();
  const compiled = q.compile();
  try {
    return (await reader().call({ file, sql: compiled.sql, parameters: compiled.parameters })) as O[];
  } catch {
    // a statement the thread could not run is read here; a thread that died is not started again
    if (thread?.dead) broken = true;
    return q.execute();
  }
}

/** How many rows a filtered query finds (the total of a paged list), counted apart. */
export async function countApart<TB extends keyof DB, O>(db: Database, q: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const [row] = await readApart(db, countQuery(q));
  // a number on both databases: the PostgreSQL pool reads int8 as one (db.ts)
  return Number((row as { total: number | bigint } | undefined)?.total ?? 0);
}
