import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
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
    if (!(await tryLease(this.db, this.name, this.owner, this.ttlMs))) return { held: false };
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
