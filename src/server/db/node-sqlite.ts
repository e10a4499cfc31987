import type { DatabaseSync } from 'node:sqlite';

/** Adapts node:sqlite to the better-sqlite3 shape Kysely's SqliteDialect expects. */
export function nodeSqliteDatabase(db: DatabaseSync) {
  return {
    close: () => db.close(),
    prepare(sql: string) {
      const stmt = db.prepare(sql);
      return {
        // true for SELECT and for INSERT … RETURNING
        get reader() {
          return stmt.columns().length > 0;
        },
        all: (p: ReadonlyArray<unknown>) => stmt.all(...(p as never[])),
        run: (p: ReadonlyArray<unknown>) => stmt.run(...(p as never[])),
        iterate: (p: ReadonlyArray<unknown>) => stmt.iterate(...(p as never[])) as IterableIterator<unknown>,
      };
    },
  };
}
