import type { Database } from '../db/db.ts';
import { Status } from './queue.ts';

export const FEED_BATCH = 500;

/** Where a read of the feed goes on from: past this conversion time, or at it past this id. */
export interface FeedPoint {
  time: string;
  id: number;
}

/** Documents that finished converting after `from`, in (converted_at, id) order, at most FEED_BATCH. */
export async function convertedAfter(db: Database, from: FeedPoint): Promise<Array<{ id: number; converted_at: string }>> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'converted_at'])
    .where((eb) =>
      eb.or([eb('converted_at', '>', from.time), eb.and([eb('converted_at', '=', from.time), eb('id', '>', from.id)])]),
    )
    .where('status', '=', Status.Converted)
    .orderBy('converted_at')
    .orderBy('id')
    .limit(FEED_BATCH)
    .execute();
  return rows.map((r) => ({ id: r.id, converted_at: String(r.converted_at) }));
}
