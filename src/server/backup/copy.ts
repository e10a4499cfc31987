import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import { TableSum, type TableSums } from './checksum.ts';
import { countTable, siteTables, tableRows, type SiteTable } from './tables.ts';

export interface CopyOptions {
  /** progress lines, in Chinese */
  log?: (line: string) => void;
}

export interface CopyResult {
  tables: TableSums;
  rows: number;
}

/** Bound parameters of one insert: SQLite allows 32,766, PostgreSQL 65,535. */
const PARAMS_PER_INSERT = 30_000;
const LOG_EVERY_ROWS = 50_000;

/**
 * Runs `work` inside one consistent read of `db`: PostgreSQL a REPEATABLE READ, read-only
 * transaction (every table read at the same instant), SQLite one read transaction (WAL: writers
 * go on, this reader keeps seeing the moment it started).
 */
export function inSnapshot<T>(db: Kysely<any>, work: (snap: Kysely<any>) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'postgres')
    return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
  return db.transaction().execute(work);
}

/**
 * Copies every row of a site from `source` to `target` (both migrated to the same level), all or
 * nothing: one snapshot of the source, one transaction on the target that first empties the
 * copied tables, copies them with their ids, moves the id sequences past the copied ids, then
 * reads the target back and compares row counts and checksums table by table before it commits.
 * The search index is left out (tables.ts): rebuild it on the target afterwards.
 */
export async function copySite(source: Kysely<any>, target: Kysely<any>, opts: CopyOptions = {}): Promise<CopyResult> {
  const log = opts.log ?? (() => undefined);
  return inSnapshot(source, async (src) => {
    const tables = await siteTables(src);
    await sameShape(tables, await siteTables(target));
    const counts = new Map<string, number>();
    for (const t of tables) counts.set(t.name, await countTable(src, t.name));
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    log(`共 ${tables.length} 张表、${total} 行`);
    const sums: TableSums = {};
    await target.transaction().execute(async (trx) => {
      for (const t of tables) {
        const sum = await copyTable(src, trx, t, counts.get(t.name)!, log);
        await setIdHighWater(trx, t, Math.max(await idHighWater(src, t), sum.maxId));
        sums[t.name] = { rows: sum.rows, checksum: sum.hex };
      }
      const back = await tableSums(trx, tables);
      const wrong = tables.filter(
        (t) => back[t.name]!.rows !== sums[t.name]!.rows || back[t.name]!.checksum !== sums[t.name]!.checksum,
      );
      if (wrong.length) throw new Error(`复制后核对不一致（已全部撤销）：${wrong.map((t) => t.name).join('、')}`);
    });
    // PostgreSQL plans from row estimates that autovacuum takes a while to make for tables
    // filled in one go: without them the first lists and searches on the copy ran slow plans
    if (dialectOf(target) === 'postgres') await sql`analyze`.execute(target);
    return { tables: sums, rows: total };
  });
}

async function sameShape(source: SiteTable[], target: SiteTable[]): Promise<void> {
  const byName = new Map(target.map((t) => [t.name, t]));
  for (const t of source) {
    const other = byName.get(t.name);
    if (!other) throw new Error(`目标数据库缺少表 ${t.name}：两边的版本（迁移）不同`);
    if (other.columns.join() !== t.columns.join())
      throw new Error(`表 ${t.name} 的字段两边不同：${t.columns.join(',')} ≠ ${other.columns.join(',')}`);
    byName.delete(t.name);
  }
  if (byName.size) throw new Error(`源数据库缺少表 ${[...byName.keys()].join('、')}：两边的版本（迁移）不同`);
}

class CopiedSum extends TableSum {
  maxId = 0;
}

async function copyTable(src: Kysely<any>, trx: Kysely<any>, t: SiteTable, count: number, log: (l: string) => void) {
  await trx.deleteFrom(t.name).execute();
  const sum = new CopiedSum(t);
  const perInsert = Math.max(1, Math.floor(PARAMS_PER_INSERT / t.columns.length));
  let logged = 0;
  for await (const rows of tableRows(src, t)) {
    for (let i = 0; i < rows.length; i += perInsert)
      await trx
        .insertInto(t.name)
        .values(rows.slice(i, i + perInsert))
        .execute();
    for (const row of rows) {
      sum.add(row);
      if (t.key.length === 1 && t.key[0] === 'id') sum.maxId = Math.max(sum.maxId, Number(row.id));
    }
    if (sum.rows - logged >= LOG_EVERY_ROWS) {
      logged = sum.rows;
      log(`  ${t.name}：${sum.rows}/${count}`);
    }
  }
  if (count >= 1000 || logged) log(`  ${t.name}：${sum.rows} 行`);
  return sum;
}

/** Count and checksum of every table, read inside the caller's snapshot or transaction. */
export async function tableSums(db: Kysely<any>, tables: SiteTable[]): Promise<TableSums> {
  const out: TableSums = {};
  for (const t of tables) {
    const sum = new TableSum(t);
    for await (const rows of tableRows(db, t)) for (const row of rows) sum.add(row);
    out[t.name] = { rows: sum.rows, checksum: sum.hex };
  }
  return out;
}

/** The last id handed out for a table: its sequence (PostgreSQL) or AUTOINCREMENT counter (SQLite), 0 when none. */
async function idHighWater(db: Kysely<any>, t: SiteTable): Promise<number> {
  if (t.key.join() !== 'id') return 0;
  if (dialectOf(db) === 'postgres') {
    const seq = await serialSequence(db, t.name);
    if (!seq) return 0;
    const { rows } = await sql<{ v: string | number; called: boolean }>`select last_value as v, is_called as called
      from ${sql.raw(seq)}`.execute(db);
    const r = rows[0];
    return r ? Number(r.v) - (r.called ? 0 : 1) : 0;
  }
  if (!(await autoincrement(db, t.name))) return 0;
  const { rows } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${t.name}`.execute(db);
  return Number(rows[0]?.seq ?? 0);
}

/** New rows of the target get ids after `n`, as they would have on the source. */
async function setIdHighWater(db: Kysely<any>, t: SiteTable, n: number): Promise<void> {
  if (t.key.join() !== 'id') return;
  if (dialectOf(db) === 'postgres') {
    const seq = await serialSequence(db, t.name);
    if (!seq) return;
    if (n > 0) await sql`select setval(${seq}::regclass, ${n}, true)`.execute(db);
    else await sql`select setval(${seq}::regclass, 1, false)`.execute(db);
    return;
  }
  if (!(await autoincrement(db, t.name))) return; // a plain integer key: the next id is max + 1 anyway
  const res = await sql`update sqlite_sequence set seq = ${n} where name = ${t.name}`.execute(db);
  if (!Number(res.numAffectedRows ?? 0) && n > 0)
    await sql`insert into sqlite_sequence (name, seq) values (${t.name}, ${n})`.execute(db);
}

async function serialSequence(db: Kysely<any>, table: string): Promise<string | null> {
  const { rows } = await sql<{ s: string | null }>`select pg_get_serial_sequence(${table}, 'id') as s`.execute(db);
  return rows[0]?.s ?? null;
}

async function autoincrement(db: Kysely<any>, table: string): Promise<boolean> {
  const { rows } = await sql<{
    sql: string | null;
  }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  return /autoincrement/i.test(rows[0]?.sql ?? '');
}
