import { sql } from 'kysely';
import { deleteInBatches } from '../db/chunks.ts';
import type { Database } from '../db/db.ts';
import { createRateLimits } from '../db/migrations/015_scale_out.ts';

export interface Hits {
  hits: number;
  /** epoch ms at which the window ends */
  resetsAt: number;
}

/** The counters' table in SQLite's counter file (openCounterDatabase), as migration 015 made it in the site's. */
export const createCounterTable = (db: Database): Promise<void> => createRateLimits(db, true);

/**
 * Counts one request against `key` in a fixed window of `windowMs`, in one statement on either
 * dialect: a new key or an ended window starts at 1, otherwise the count goes up. Concurrent
 * requests on several instances are serialised by the row, so none is lost.
 */
export async function hit(db: Database, key: string, windowMs: number, now = Date.now()): Promise<Hits> {
  const ended = sql<boolean>`rate_limits.resets_at <= ${now}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, resets_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when ${ended} then 1 else rate_limits.hits + 1 end`,
        resets_at: sql<number>`case when ${ended} then ${now + windowMs} else rate_limits.resets_at end`,
      }),
    )
    .returning(['hits', 'resets_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetsAt: Number(row.resets_at) };
}

/** The count of `key` without counting (0 once its window ended). */
export async function peek(db: Database, key: string, now = Date.now()): Promise<Hits> {
  const row = await db.selectFrom('rate_limits').select(['hits', 'resets_at']).where('key', '=', key).executeTakeFirst();
  if (!row || Number(row.resets_at) <= now) return { hits: 0, resetsAt: now };
  return { hits: Number(row.hits), resetsAt: Number(row.resets_at) };
}

/** Removes the counters whose window ended (they count for nothing), in batches: a crawl from many addresses leaves many. */
export async function sweepEnded(db: Database, now = Date.now()): Promise<void> {
  await deleteInBatches(1_000, async (batch) => {
    const res = await db
      .deleteFrom('rate_limits')
      .where('key', 'in', (eb) => eb.selectFrom('rate_limits').select('key').where('resets_at', '<=', now).limit(batch))
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  });
}
