import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * PostgreSQL: the items' tsvectors (`search_items` halves, migration 037) stored with LZ4 rather
 * than the default pglz. pglz tried to compress every tsvector written and, for these lists of
 * short distinct words, gave up (the table was as large as with no compression) after spending
 * the time: copying half the 100,000-document benchmark's items took 5.9 s with pglz, 3.6 s with
 * LZ4 (which does shrink them a little, 299 → 285 MB); a whole rebuild wrote in 31.5 s instead of
 * 35.1 s. Only values written from now on change; a rebuild rewrites them all. Skipped where the
 * server has no LZ4 (built without it, or older than PostgreSQL 14). SQLite keeps its FTS5 table.
 */
async function lz4Available(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ lz4: boolean }>`select coalesce(bool_or('lz4' = any(enumvals)), false) as lz4
    from pg_settings where name = 'default_toast_compression'`.execute(db);
  return rows[0]?.lz4 ?? false;
}

/** search_items and its halves, as PostgreSQL names them (a new partition takes the parent's method). */
async function itemTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass('search_items')`.execute(db);
  return ['search_items', ...rows.map((r) => r.name)];
}

const setCompression = async (db: Kysely<any>, method: 'lz4' | 'default') => {
  for (const table of await itemTables(db)) {
    await sql`alter table ${sql.id(table)} alter column tokens set compression ${sql.raw(method)}`.execute(db);
  }
};

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres' || !(await lz4Available(db))) return;
  await setCompression(db, 'lz4');
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres' || !(await lz4Available(db))) return;
  await setCompression(db, 'default');
}
