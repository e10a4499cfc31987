import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * Prepared statements kept per SQL text: preparing costs as much as running a short indexed
 * query, and a list request runs the same few statements every time. Bounded (least recently
 * used go first); one-off long statements such as bulk inserts are not kept.
 */
const KEEP = 256;
const KEEP_SQL_CHARS = 8192;

/** Adapts node:sqlite to the better-sqlite3 shape Kysely's SqliteDialect expects. */
export function nodeSqliteDatabase(db: DatabaseSync) {
  const kept = new Map<string, { stmt: StatementSync; reader: boolean }>();
  const statement = (sql: string) => {
    let s = kept.get(sql);
    if (s) {
      kept.delete(sql);
    } else {
      const stmt = db.prepare(sql);
      // true for SELECT and for INSERT … RETURNING
      s = { stmt, reader: stmt.columns().length > 0 };
      if (sql.length > KEEP_SQL_CHARS) return s;
    }
    kept.set(sql, s);
    if (kept.size > KEEP) kept.delete(kept.keys().next().value!);
    return s;
  };
  return {
    close: () => db.close(),
    prepare(sql: string) {
      const { stmt, reader } = statement(sql);
      return {
        reader,
        all: (p: ReadonlyArray<unknown>) => stmt.all(...(p as never[])),
        run: (p: ReadonlyArray<unknown>) => stmt.run(...(p as never[])),
        iterate: (p: ReadonlyArray<unknown>) => stmt.iterate(...(p as never[])) as IterableIterator<unknown>,
      };
    },
  };
}
