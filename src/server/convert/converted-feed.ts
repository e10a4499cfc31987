import type { Database } from '../db/db.ts';
import { releaseLease, tryLease } from '../db/leases.ts';
import { freshVersions } from '../db/versions.ts';
import { Kept, KEPT_MAX_AGE_MS, StampWatch } from '../db/versioned-value.ts';
import type { EventBus } from '../events/bus.ts';
import { convertedAfter, FEED_BATCH, type FeedPoint } from './converted-feed.repo.ts';

/** How long the following instance's claim lasts without renewal (it renews on every poll). */
const LEASE_MS = 10_000;
const LEASE = 'converted-feed';
/**
 * How far behind the newest result seen each read starts again. A worker stamps converted_at before
 * its transaction (the page texts with it) commits, so a result can land behind a later one that
 * was already read; the same bound as every read kept under table versions.
 */
const LOOKBACK_MS = KEPT_MAX_AGE_MS;

/**
 * Documents converted by `npm run worker` processes reach no instance's change events, so no
 * page of theirs would be rendered nor entry indexed until the sweep. One instance at a time (a
 * lease it keeps renewing) follows them: every `intervalMs` it reads the documents converted since
 * it last looked (only when the documents' change counter moved, or at least every KEPT_MAX_AGE_MS),
 * looking back LOOKBACK_MS for results that committed late, and publishes each on its own event
 * bus, where its site renderer and search index take them, once. An instance taking over
 * from one that died looks back over the dead one's lease, so nothing converted meanwhile is
 * missed (a few may be rendered twice).
 */
export function followWorkerConversions(
  db: Database,
  events: EventBus,
  owner: string,
  opts: { intervalMs?: number; log?: (msg: string) => void } = {},
): () => void {
  const intervalMs = opts.intervalMs ?? 2000;
  let holding = false;
  /** the newest conversion time read */
  let newest = new Date().toISOString();
  /** results published within the look-back, each with the conversion time it was published at */
  const published = new Map<number, string>();
  /** the counter at the last read; null: read whatever it says */
  let seen: Kept<null> | null = null;
  // a worker's conversion moves the counter before it commits (its page texts come after): the
  // poll after a read that found the counter moved reads once more (StampWatch; half an interval,
  // so that the next poll is past it whatever the timer's jitter)
  const moves = new StampWatch();
  let busy = false;
  const tick = async () => {
    const held = await tryLease(db, LEASE, owner, LEASE_MS);
    if (!held) {
      holding = false;
      return;
    }
    if (!holding) {
      holding = true;
      seen = null;
      newest = new Date(Date.now() - LEASE_MS - intervalMs).toISOString();
    }
    const now = await freshVersions(db, ['documents']);
    if (seen?.standsFor(now)) return;
    seen = new Kept(now, null, moves.until(now, intervalMs / 2));
    const from = new Date(Date.parse(newest) - LOOKBACK_MS).toISOString();
    let point: FeedPoint = { time: from, id: 0 };
    for (;;) {
      const rows = await convertedAfter(db, point);
      const fresh = rows.filter((r) => published.get(r.id) !== r.converted_at);
      for (const r of fresh) published.set(r.id, r.converted_at);
      if (fresh.length) await events.publish({ kind: 'document', ids: fresh.map((r) => r.id), change: 'saved' });
      const last = rows.at(-1);
      if (last && last.converted_at > newest) newest = last.converted_at;
      if (!last || rows.length < FEED_BATCH) break;
      point = { time: last.converted_at, id: last.id };
    }
    for (const [id, time] of published) if (time < from) published.delete(id);
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    tick()
      .catch((err: Error) => opts.log?.(`跟踪转换结果失败：${err.message}`))
      .finally(() => (busy = false));
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    // another instance takes over at its next poll instead of when the lease runs out
    if (holding) void releaseLease(db, LEASE, owner).catch(() => undefined);
  };
}
