import type { Database } from '../db/db.ts';
import { Status } from './queue.ts';

export const FEED_BATCH = 500;

/** Documents that finished converting after `since` (ISO time), oldest first, at most FEED_BATCH. */
export async function convertedSince(db: Database, since: string): Promise<Array<{ id: number; converted_at: string }>> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'converted_at'])
    .where('converted_at', '>', since)
    .where('status', '=', Status.Converted)
    .orderBy('converted_at')
    .limit(FEED_BATCH)
    .execute();
  return rows.map((r) => ({ id: r.id, converted_at: String(r.converted_at) }));
}
