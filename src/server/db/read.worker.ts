import { DatabaseSync } from 'node:sqlite';
import { serveCalls } from '../threads/worker-calls.ts';
import type { ReadCall } from './read-apart.ts';

// A connection per read (opening one costs well under a millisecond; what is read is kept, so
// reads are rare): one kept open would go on reading a file that a restore, or a test, replaced at
// the same path. SQLite shares file locks among the connections of one process, so closing this
// one never drops the server's.
serveCalls(({ file, sql, parameters }: ReadCall): unknown[] => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return db.prepare(sql).all(...(parameters as Array<string | number | null>));
  } finally {
    db.close();
  }
});
