import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import { chunks } from '../db/chunks.ts';
import type { Kind } from './backend.ts';

/**
 * PostgreSQL's log of index changes (search_changes, migration 039), which every server process
 * follows into its local copy of the index (local-copy.ts), and the reads that copy makes. A row of kind '*' ("everything
 * before is gone") marks a rebuild or the pruning of old rows: a copy that has not read past it
 * copies every item again.
 */

/** Kind of the row saying nothing before it is kept. */
export const RESTART = '*';

/** How long a row is kept: a copy offline for longer copies every item again when it comes back. */
const KEPT = '1 day';

/** About one write in this many numbers prunes the rows older than KEPT. */
const PRUNE_EVERY = 512;

/** Logs that the items were written or removed under `seq`, in the writer's transaction. */
export async function logChanges(trx: Kysely<DB>, kind: Kind, refIds: readonly number[], seq: number): Promise<void> {
  for (const part of chunks(refIds, 1000)) {
    await sql`insert into search_changes (seq, kind, ref_id)
      select ${seq}, ${kind}, id from unnest(${`{${part.join(',')}}`}::int[]) as id`.execute(trx);
  }
  if (seq % PRUNE_EVERY === 0) await prune(trx);
}

/** Drops the rows older than KEPT, leaving a restart row at the newest number dropped. */
async function prune(trx: Kysely<DB>): Promise<void> {
  await sql`with gone as (delete from search_changes where at < now() - ${KEPT}::interval returning seq)
    insert into search_changes (seq, kind, ref_id) select max(seq), ${RESTART}, 0 from gone having count(*) > 0`.execute(trx);
}

/** Empties the log for a rebuild of the whole index, leaving a restart row numbered `seq`. */
export async function restartChanges(trx: Kysely<DB>, seq: number): Promise<void> {
  await sql`truncate search_changes`.execute(trx);
  await sql`insert into search_changes (seq, kind, ref_id) values (${seq}, ${RESTART}, 0)`.execute(trx);
}

/** A row of the log. */
export interface Change {
  seq: string | number;
  kind: string;
  ref_id: number;
}

/** Up to `limit` rows numbered `op` (`>` or `>=`) `from`, in number order. */
export async function changesFrom(db: Kysely<DB>, from: number, op: RawBuilder<unknown>, limit: number): Promise<Change[]> {
  const { rows } = await sql<Change>`select seq, kind, ref_id from search_changes
    where seq ${op} ${from} order by seq limit ${limit}`.execute(db);
  return rows;
}

/** The log's highest number (-1: empty). */
export async function lastChange(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ seq: string | null }>`select max(seq) as seq from search_changes`.execute(db);
  return Number(rows[0]?.seq ?? -1);
}

/** The highest id of the items of `kind` (-1: none). */
export async function lastItem(db: Kysely<DB>, kind: Kind): Promise<number> {
  const { rows } = await sql<{ id: number | null }>`select max(ref_id) as id from search_items where kind = ${kind}`.execute(db);
  return rows[0]?.id ?? -1;
}

/** The tokens of the items of `kind` meeting `where` (on ref_id), as PostgreSQL prints a tsvector. */
export async function itemTokens(
  db: Kysely<DB>,
  kind: Kind,
  where: RawBuilder<unknown>,
): Promise<Array<{ ref_id: number; tokens: string }>> {
  const { rows } = await sql<{ ref_id: number; tokens: string }>`select ref_id, tokens::text as tokens from search_items
    where kind = ${kind} and ${where}`.execute(db);
  return rows;
}

/** Which database a copy is of: a file made for another (or for this one before a restore) is copied afresh. */
export async function sourceOf(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ source: string }>`select concat_ws('/', current_database(), current_schema(),
    to_regclass('search_changes')::oid) as source`.execute(db);
  return rows[0]?.source ?? '';
}
