import type { DatabaseSync, StatementSync } from 'node:sqlite';

/**
 * The `table_versions` rows of a SQLite database, read again only when something may have changed
 * them: SQLite tells that cheaply (`data_version` moves when another connection commits,
 * `total_changes()` when this one writes), and a visitor's request reads the versions twice (the
 * settings and the cached answer), which as table reads took a quarter of a cached list's time.
 */
class SqliteVersions {
  private readonly db: DatabaseSync;
  private probe?: StatementSync;
  private readAll?: StatementSync;
  private stamp = '';
  private versions = new Map<string, number>();

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  private read(): Map<string, number> {
    // prepared on first use: the table exists only once the migrations ran
    this.readAll ??= this.db.prepare('select name, version from table_versions');
    const rows = this.readAll.all() as Array<{ name: string; version: number }>;
    return new Map(rows.map((r) => [r.name, r.version]));
  }

  inTransaction(): boolean {
    return this.db.isTransaction;
  }

  of(tables: readonly string[]): string {
    // inside an open transaction (of this connection) what is read may still be rolled back,
    // which moves no counter: read it, but never keep it
    if (this.db.isTransaction) return versionString(this.read(), tables);
    this.probe ??= this.db.prepare('select data_version as d, total_changes() as t from pragma_data_version');
    const p = this.probe.get() as { d: number; t: number };
    const stamp = `${p.d}:${p.t}`;
    if (stamp !== this.stamp) {
      this.versions = this.read();
      this.stamp = stamp;
    }
    return versionString(this.versions, tables);
  }
}

/** The versions of `tables`, in their order, as one string (0 for a table never written). */
export const versionString = (versions: ReadonlyMap<string, number | string>, tables: readonly string[]) =>
  tables.map((t) => versions.get(t) ?? 0).join(',');

const byDatabase = new WeakMap<object, SqliteVersions>();

/** Called once by openDatabase for a SQLite database: `db` is the Kysely instance, `sqlite` its connection. */
export const watchSqliteVersions = (db: object, sqlite: DatabaseSync) => byDatabase.set(db, new SqliteVersions(sqlite));

/** The versions of `tables` as one string, or undefined when `db` is not a SQLite database opened by openDatabase. */
export const sqliteTableVersions = (db: object, tables: readonly string[]): string | undefined => byDatabase.get(db)?.of(tables);

/** Whether `db` is a SQLite database whose versions are read here. */
export const keptBySqlite = (db: object): boolean => byDatabase.has(db);

/** Whether `db` is a SQLite database whose one connection has a transaction open (any request's). */
export const sqliteInTransaction = (db: object): boolean => byDatabase.get(db)?.inTransaction() ?? false;
