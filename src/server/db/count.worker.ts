import { DatabaseSync } from 'node:sqlite';
import { serveCalls } from '../threads/worker-calls.ts';
import type { CountCall } from './count-apart.ts';

// A connection per count (opening one costs well under a millisecond; totals are kept, so counts
// are rare): one kept open would go on reading a file that a restore, or a test, replaced at the
// same path. SQLite shares file locks among the connections of one process, so closing this one
// never drops the server's.
serveCalls(({ file, sql, parameters }: CountCall): number => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const row = db.prepare(sql).get(...(parameters as Array<string | number | null>)) as { total: number } | undefined;
    return Number(row?.total ?? 0);
  } finally {
    db.close();
  }
});
