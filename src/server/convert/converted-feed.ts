import type { Database } from '../db/db.ts';
import { releaseLease, tryLease } from '../db/leases.ts';
import { freshVersions } from '../db/versions.ts';
import { Kept } from '../db/versioned-value.ts';
import type { EventBus } from '../events/bus.ts';
import { convertedSince, FEED_BATCH } from './converted-feed.repo.ts';

/** How long the following instance's claim lasts without renewal (it renews on every poll). */
const LEASE_MS = 10_000;
const LEASE = 'converted-feed';

/**
 * Documents converted by `npm run worker` processes reach no instance's change events, so no
 * page of theirs would be rendered nor entry indexed until the sweep. One instance at a time (a
 * lease it keeps renewing) follows them: every `intervalMs` it reads the documents converted since
 * it last looked (only when the documents' change counter moved) and publishes them on its own
 * event bus, where its site renderer and search index take them, once. An instance taking over
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
  let since = new Date().toISOString();
  /** the counter at the last read; null: read whatever it says */
  let seen: Kept<null> | null = null;
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
      since = new Date(Date.now() - LEASE_MS - intervalMs).toISOString();
    }
    const now = await freshVersions(db, ['documents']);
    if (seen?.standsFor(now)) return;
    seen = new Kept(now, null);
    const rows = await convertedSince(db, since);
    // a full batch: more wait, read them at the next poll whatever the counter says
    if (rows.length === FEED_BATCH) seen = null;
    if (!rows.length) return;
    since = rows[rows.length - 1].converted_at;
    await events.publish({ kind: 'document', ids: rows.map((r) => r.id), change: 'saved' });
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
