import { DatabaseSync } from 'node:sqlite';
import { serveCalls } from '../threads/worker-calls.ts';
import type { CountCall } from './count-apart.ts';

// one read-only connection per database file, kept for the life of the thread: SQLite shares its
// file locks between the connections of one process, so this one never drops the server's
const connections = new Map<string, DatabaseSync>();

function connection(file: string): DatabaseSync {
  let db = connections.get(file);
  if (!db) {
    db = new DatabaseSync(file, { readOnly: true });
    db.exec('PRAGMA busy_timeout = 5000');
    connections.set(file, db);
  }
  return db;
}

serveCalls(({ file, sql, parameters }: CountCall): number => {
  const row = connection(file)
    .prepare(sql)
    .get(...(parameters as Array<string | number | null>)) as { total: number | bigint } | undefined;
  return Number(row?.total ?? 0);
});
