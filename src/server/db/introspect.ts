import { sql, type Kysely } from 'kysely';
import { dialectOf } from './dialect.ts';

/**
 * Whether a table exists in the schema the connection works in (PostgreSQL: the
 * search_path, so isolated test schemas never see each other's tables).
 */
export async function tableExists(db: Kysely<any>, table: string): Promise<boolean> {
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ t: string | null }>`select to_regclass(${table})::text as t`.execute(db);
    return Boolean(rows[0]?.t);
  }
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = ${table}`.execute(
    db,
  );
  return rows.length > 0;
}

/** Whether a column exists on a table (false when the table does not exist). */
export async function columnExists(db: Kysely<any>, table: string, column: string): Promise<boolean> {
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ c: string }>`
      select column_name as c from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`.execute(db);
    return rows.length > 0;
  }
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table}) where name = ${column}`.execute(db);
  return rows.length > 0;
}

/**
 * Counts the rows of a table, 0 when the table does not exist yet (modules that create it
 * may land later). Soft-deleted rows (`deleted_at` set) are left out when the column exists.
 */
export async function countRows(db: Kysely<any>, table: string): Promise<number> {
  if (!(await tableExists(db, table))) return 0;
  const soft = await columnExists(db, table, 'deleted_at');
  const where = soft ? sql` where deleted_at is null` : sql``;
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}${where}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
