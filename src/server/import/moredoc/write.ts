import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';
import type { ImportContext } from './context.ts';
import type { Row } from './source.ts';
import type { ImportState } from './state.ts';

export type Target = Extract<keyof DB, string>;
type Values = Record<string, unknown>;

/**
 * Writes rows that may already be there: moredoc ids are kept (key `id`), or rows are matched by
 * the target's unique columns. Either way a second write of the same rows changes nothing.
 */
export async function upsert(trx: Kysely<DB>, table: Target, key: readonly string[], rows: Values[]): Promise<void> {
  if (!rows.length) return;
  const db = trx as unknown as Kysely<any>;
  const cols = Object.keys(rows[0]).filter((c) => !key.includes(c));
  // 400 rows × 30 columns stays below the bound-parameter limits of both databases
  for (let i = 0; i < rows.length; i += 400) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 400))
      .onConflict((oc: any) => {
        const target = oc.columns(key);
        return cols.length
          ? target.doUpdateSet(Object.fromEntries(cols.map((c) => [c, sql.ref(`excluded.${c}`)])))
          : target.doNothing();
      })
      .execute();
  }
  if (key.length === 1 && key[0] === 'id') await bumpSequence(trx, table);
}

/** PostgreSQL: rows inserted with their own ids leave the serial sequence behind; move it past them. */
export async function bumpSequence(trx: Kysely<DB>, table: Target): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return; // SQLite's AUTOINCREMENT follows explicit ids by itself
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))
    where exists (select 1 from ${sql.table(table)})`.execute(trx);
}

/** One moredoc table copied into one Wenku table, batch by batch; the step's name in the report and the import state is `to`. */
export interface TableStep {
  label: string;
  /** moredoc table name without the prefix */
  from: string;
  to: Target;
  /** `['id']` keeps moredoc ids; otherwise the Wenku table's unique columns */
  key: readonly string[];
  /** once before the first batch (lookups, conflict checks; may write when not a dry run) */
  prepare?(ctx: ImportContext): Promise<void>;
  /** the Wenku rows for a batch; rows left out must be reported as problems */
  map(rows: Row[], ctx: ImportContext): Promise<Values[]> | Values[];
  /** once after the last batch of a run that copied rows (not in a dry run) */
  finish?(ctx: ImportContext): Promise<void>;
}

const lastIdOf = (rows: Row[]) => Number(rows[rows.length - 1].id);

/** Copies the rows after the step's saved position; each batch and its new position commit together. */
export async function runTableStep(ctx: ImportContext, state: ImportState, step: TableStep): Promise<void> {
  const count = ctx.report.step(step.to, step.label);
  count.found = await ctx.source.count(step.from);
  const before = state.get(step.to);
  count.earlier = before.rows;
  // nothing new since the last run: its checks (and their problems) were reported then
  if (before.lastId && !(await ctx.source.count(step.from, `id > ${Number(before.lastId)}`))) return;
  await step.prepare?.(ctx);
  for await (const rows of ctx.source.batches(step.from, before.lastId, ctx.batchSize)) {
    const out = await step.map(rows, ctx);
    count.copied += out.length;
    count.skipped += rows.length - out.length;
    if (!ctx.opts.dryRun) {
      await ctx.db.transaction().execute(async (trx) => {
        await upsert(trx, step.to, step.key, out);
        const s = state.get(step.to);
        await state.save(trx, step.to, { lastId: lastIdOf(rows), rows: s.rows + out.length });
      });
    }
    ctx.report.progress(`  ${step.label}：${count.copied + count.skipped + before.rows}/${count.found}`);
  }
  if (!ctx.opts.dryRun && count.copied) await step.finish?.(ctx);
}
