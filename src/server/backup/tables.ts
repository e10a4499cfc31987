import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../db/dialect.ts';

/** A table a site copy carries: its columns (sorted, the checksum's order) and its primary key (the read order). */
export interface SiteTable {
  name: string;
  columns: string[];
  key: string[];
}

/**
 * Tables a copy leaves out: the migrator's bookkeeping (the target is migrated by the code itself),
 * the search index (rebuilt on the target: PostgreSQL keeps tsvectors and a change log, SQLite an FTS5 table), the
 * change counters of the caches (SQLite rows, PostgreSQL sequences: the target's triggers count its
 * own writes), the leases, which name processes of the source, and the rate limits' counters
 * (PostgreSQL only; lost in a crash by design, migration 027).
 */
const SKIPPED =
  /^(kysely_migration.*|search_entries|search_items(_\d+)?|search_refs|search_changes|search_fts.*|table_versions|leases|rate_limits|sqlite_.*)$/;

export async function siteTables(db: Kysely<any>): Promise<SiteTable[]> {
  const names = await tableNames(db);
  const tables: SiteTable[] = [];
  for (const name of names.filter((n) => !SKIPPED.test(n)).sort()) {
    const { columns, key } = await tableShape(db, name);
    if (!key.length) throw new Error(`表 ${name} 没有主键，无法复制`);
    tables.push({ name, columns: columns.sort(), key });
  }
  return tables;
}

async function tableNames(db: Kysely<any>): Promise<string[]> {
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    return rows.map((r) => r.name);
  }
  // virtual tables (FTS5) are listed as tables too, their shadow tables likewise: all skipped by name
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  return rows.map((r) => r.name);
}

async function tableShape(db: Kysely<any>, table: string): Promise<{ columns: string[]; key: string[] }> {
  if (dialectOf(db) === 'postgres') {
    const { rows: cols } = await sql<{ name: string }>`select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`.execute(db);
    const { rows: key } = await sql<{ name: string }>`select a.attname as name
      from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = (quote_ident(current_schema()) || '.' || quote_ident(${table}))::regclass and i.indisprimary
      order by array_position(i.indkey::int2[], a.attnum)`.execute(db);
    return { columns: cols.map((c) => c.name), key: key.map((k) => k.name) };
  }
  const { rows } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(db);
  return {
    columns: rows.map((r) => r.name),
    key: rows
      .filter((r) => r.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((r) => r.name),
  };
}

/** Rows of a table, counted inside the caller's snapshot. */
export async function countTable(db: Kysely<any>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Reads a whole table in primary-key order, `batch` rows at a time, each batch starting after the
 * last key of the one before (an offset would read the table again for every batch).
 */
export async function* tableRows(db: Kysely<any>, t: SiteTable, batch = 2000): AsyncGenerator<Record<string, unknown>[]> {
  const keys = sql.join(t.key.map((k) => sql.ref(k)));
  let after: unknown[] | null = null;
  for (;;) {
    const where: ReturnType<typeof sql> =
      after === null ? sql`` : sql`where (${keys}) > (${sql.join(after.map((v) => sql`${v}`))})`;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(t.name)} ${where}
      order by ${keys} limit ${batch}`.execute(db);
    if (!rows.length) return;
    yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = t.key.map((k) => last[k]);
  }
}
