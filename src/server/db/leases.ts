import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import { alive } from '../convert/job-dir.ts';
import type { Database } from './db.ts';

/**
 * Takes the lease `name` for `owner` until now + `ms`: free, run out, or already this owner's
 * (renewal). One statement on either dialect, so of several instances trying at once exactly one
 * gets it. True when `owner` holds it now.
 */
export async function tryLease(db: Database, name: string, owner: string, ms: number, now = Date.now()): Promise<boolean> {
  const row = await db
    .insertInto('leases')
    .values({ name, owner, expires_at: now + ms })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ owner, expires_at: now + ms })
        .where((eb) => eb.or([eb('leases.expires_at', '<=', now), eb('leases.owner', '=', owner)])),
    )
    .returning('owner')
    .executeTakeFirst();
  return row?.owner === owner;
}

/** Gives the lease back at once (only if `owner` still holds it). */
export async function releaseLease(db: Database, name: string, owner: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('owner', '=', owner).execute();
}

/**
 * Takes `name` from `holder` when that is a dead process of this machine (killed, crashed, the
 * server restarted): a restarted server need not wait for its own old lease to run out.
 */
export async function takeFromDead(db: Database, name: string, owner: string, ms: number): Promise<boolean> {
  const holder = await leaseHolder(db, name);
  const [host, pid] = (holder ?? '').split(':');
  if (!holder || host !== hostname() || !(Number(pid) > 0) || Number(pid) === process.pid || alive(Number(pid))) return false;
  // compare-and-set: of several takers only one wins
  const res = await db
    .updateTable('leases')
    .set({ owner, expires_at: Date.now() + ms })
    .where('name', '=', name)
    .where('owner', '=', holder)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Who holds `name` now, if anybody. */
export async function leaseHolder(db: Database, name: string, now = Date.now()): Promise<string | null> {
  const row = await db
    .selectFrom('leases')
    .select('owner')
    .where('name', '=', name)
    .where(sql<boolean>`expires_at > ${now}`)
    .executeTakeFirst();
  return row?.owner ?? null;
}

/**
 * A named lease that several instances on one database compete for: `hold` runs its work only
 * while this instance holds the lease, renewing it meanwhile; a holder that dies (killed,
 * machine lost) loses it when `ttlMs` runs out.
 */
/** A lease owner name unique to this process (host, PID and a random part). */
export const leaseOwner = (): string => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export class Lease {
  readonly owner = leaseOwner();
  private readonly db: Database;
  private readonly name: string;
  private readonly ttlMs: number;

  constructor(db: Database, name: string, ttlMs = 60_000) {
    this.db = db;
    this.name = name;
    this.ttlMs = ttlMs;
  }

  /** Runs `work` under the lease; `{ held: false }` (and nothing run) while another instance holds it. */
  async hold<T>(work: () => Promise<T>): Promise<{ held: true; value: T } | { held: false }> {
    const held =
      (await tryLease(this.db, this.name, this.owner, this.ttlMs)) ||
      (await takeFromDead(this.db, this.name, this.owner, this.ttlMs));
    if (!held) return { held: false };
    const renew = setInterval(
      () => void tryLease(this.db, this.name, this.owner, this.ttlMs).catch(() => undefined),
      Math.max(200, Math.floor(this.ttlMs / 3)),
    );
    renew.unref();
    try {
      return { held: true, value: await work() };
    } finally {
      clearInterval(renew);
      await releaseLease(this.db, this.name, this.owner).catch(() => undefined);
    }
  }
}
