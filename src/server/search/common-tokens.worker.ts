import { DatabaseSync } from 'node:sqlite';
import { serveCalls } from '../threads/worker-calls.ts';
import { CommonTokens, wordBuffers, type CommonLimits, type CommonWords } from './common-tokens.ts';

/** What the thread reads: which items of a SQLite database's index hold its most common tokens. */
export interface CommonRead {
  file: string;
  limits?: CommonLimits;
}

/** The bitsets, and the search_facets change counter they are current at. */
export interface CommonBuilt {
  seq: number;
  words: CommonWords;
}

// A connection of its own, closed when done: SQLite shares file locks among the connections of one
// process, so closing it never drops the server's (as read.worker.ts). One read transaction, so that
// the counter and the lists are of one moment: every item written after it has a higher number.
serveCalls(
  ({ file, limits }: CommonRead): CommonBuilt => {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      db.exec('begin');
      const row = db.prepare(`select version from table_versions where name = 'search_facets'`).get() as
        { version: number } | undefined;
      const common = new CommonTokens(limits);
      common.build(db);
      db.exec('commit');
      return { seq: Number(row?.version ?? 0), words: common.words() };
    } finally {
      db.close();
    }
  },
  (built) => wordBuffers(built.words),
);
