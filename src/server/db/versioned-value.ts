import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { freshVersions, type VersionedTable } from './versions.ts';

/**
 * A value worked out from some tables, worked out again only once one of them changed (table
 * versions, versions.ts), and at least every minute: a PostgreSQL sequence moves before its
 * transaction commits, so a read in that instant could be kept under the new version.
 */
export function versionedValue<T>(
  db: Kysely<DB>,
  tables: readonly VersionedTable[],
  load: () => Promise<T>,
  maxAgeMs = 60_000,
): () => Promise<T> {
  let kept: { stamp: string; at: number; value: Promise<T> } | null = null;
  return async () => {
    // the counters are read before the rows: a write between the two is loaded now or at the next change
    const stamp = await freshVersions(db, tables);
    if (kept?.stamp !== stamp || Date.now() - kept.at >= maxAgeMs) {
      const value = load();
      const entry = (kept = { stamp, at: Date.now(), value });
      value.catch(() => {
        if (kept === entry) kept = null;
      });
    }
    return kept.value;
  };
}
