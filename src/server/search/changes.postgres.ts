import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { chunks } from '../db/chunks.ts';
import type { Kind } from './backend.ts';

/**
 * PostgreSQL's log of index changes (search_changes, migration 039), which every server process
 * follows into its local copy of the index (local-copy.ts). A row of kind '*' ("everything
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
