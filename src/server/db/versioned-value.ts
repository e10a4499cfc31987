import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { freshVersions, type VersionedTable } from './versions.ts';

/**
 * How long a value kept under table versions is trusted at most: a PostgreSQL sequence moves
 * before its transaction commits, so a read in that instant could be kept under the new version.
 */
export const KEPT_MAX_AGE_MS = 60_000;

/**
 * A value read under a version stamp (versions.ts), trusted while the stamp stands and for at most
 * KEPT_MAX_AGE_MS: every cache kept under table versions goes through it, so none can keep a read
 * of the moment between a sequence's move and its commit for longer than that.
 */
export class Kept<T> {
  readonly at = Date.now();
  readonly stamp: string;
  readonly value: T;
  /** epoch ms after which it stands no more whatever the stamp (StampWatch) */
  readonly until: number;

  constructor(stamp: string, value: T, until = Infinity) {
    this.stamp = stamp;
    this.value = value;
    this.until = until;
  }

  standsFor(stamp: string, maxAgeMs = KEPT_MAX_AGE_MS): boolean {
    const now = Date.now();
    return this.stamp === stamp && now - this.at < maxAgeMs && now < this.until;
  }
}

/**
 * When a stamp was first seen. A PostgreSQL counter moves before its transaction commits, so a
 * value read right after a move may miss the write that moved it: such a value stands only until
 * `settleMs` after the move (Kept's `until`) and is then read once more, instead of being kept
 * for KEPT_MAX_AGE_MS.
 */
export class StampWatch {
  private stamp: string | undefined;
  private since = 0;

  /** Until when a value read now under `stamp` stands (Infinity: while the stamp does). */
  until(stamp: string, settleMs: number, now = Date.now()): number {
    if (stamp !== this.stamp) {
      this.stamp = stamp;
      this.since = now;
    }
    return now - this.since < settleMs ? this.since + settleMs : Infinity;
  }
}

/** A value worked out from some tables, worked out again only once one of them changed, and at least every `maxAgeMs`. */
export function versionedValue<T>(
  db: Kysely<DB>,
  tables: readonly VersionedTable[],
  load: () => Promise<T>,
  maxAgeMs = KEPT_MAX_AGE_MS,
): () => Promise<T> {
  let kept: Kept<Promise<T>> | null = null;
  return async () => {
    // the counters are read before the rows: a write between the two is loaded now or at the next change
    const stamp = await freshVersions(db, tables);
    if (!kept?.standsFor(stamp, maxAgeMs)) {
      const entry = (kept = new Kept(stamp, load()));
      // a failed load is not kept: the next call tries again
      entry.value.catch(() => {
        if (kept === entry) kept = null;
      });
    }
    return kept.value;
  };
}
