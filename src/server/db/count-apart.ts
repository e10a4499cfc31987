import type { SelectQueryBuilder } from 'kysely';
import { countOf, countQuery } from '../http/list.ts';
import { WorkerCalls } from '../threads/worker-calls.ts';
import { sqliteFileOf, type Database } from './db.ts';
import type { DB } from './schema.ts';

/**
 * COUNT(*) of a list filter, on SQLite counted by a thread of its own. node:sqlite runs a
 * statement on the calling thread, and the total of a broad filter at 1,000,000 documents (the
 * largest category, one format, paid: 3.26 s) held up every other request of the server for that
 * long. PostgreSQL counts in its own process; a transaction's count must see its own writes; both
 * stay here, as does every count after the thread failed.
 */

export interface CountCall {
  file: string;
  sql: string;
  parameters: readonly unknown[];
}

let thread: WorkerCalls<CountCall, number> | null = null;
let broken = false;

function counter(): WorkerCalls<CountCall, number> {
  thread ??= new WorkerCalls<CountCall, number>(new URL('./count.worker.ts', import.meta.url));
  return thread;
}

export async function countApart<TB extends keyof DB, O>(db: Database, q: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const file = sqliteFileOf(db);
  if (!file || broken || db.isTransaction) return countOf(q);
  const compiled = countQuery(q).compile();
  try {
    return await counter().call({ file, sql: compiled.sql, parameters: compiled.parameters });
  } catch {
    // a statement the thread could not run is counted here; a thread that died is not started again
    if (thread?.dead) broken = true;
    return countOf(q);
  }
}
