import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { freshVersions, type VersionedTable } from './versions.ts';
import { Kept } from './versioned-value.ts';

/**
 * Totals of list filters (and what else is worked out from a whole list, such as a category's page
 * marks, page-marks.repo.ts), kept until one of the tables they read changes (table versions, see
 * versions.ts). COUNT(*) over a filter of 100,000 documents costs tens of milliseconds; a list
 * page then costs one version read instead.
 *
 * A total of LARGE_TOTAL or more is, once its tables change, still answered from its last count
 * while it is counted again: counting costs in proportion to the rows counted (the broadest
 * filters at 1,000,000 documents take seconds), and on a site where documents change every few
 * seconds each change would otherwise make the next reader of every such list wait that long.
 * Such a total shows the rows as they were when its last count began, a difference no reader of
 * "共 12,345 篇" can see; a smaller total is always exact. The rule goes by the total, not by a
 * count's time, so that it is the same on a busy machine as on an idle one. A caller that works
 * with the total (a category's page read from the far end, document-list.repo.ts) asks for the
 * exact one and waits for a running count.
 */
const MAX_ENTRIES = 5000;

/** A total at least this large is answered from its last count while it is counted again. */
export const LARGE_TOTAL = 10_000;

interface Entry {
  kept: Kept<Promise<unknown>>;
  /** the work has finished (or failed) */
  done: boolean;
  /** the last finished value, when it may answer while a newer one is worked out */
  last?: unknown;
}

const caches = new WeakMap<Kysely<DB>, Map<string, Entry>>();

export interface CachedOptions<T> {
  /** wait for a value worked out under today's versions, never answer with the last one */
  exact?: boolean;
  /** whether this value may answer while a newer one is worked out (a large total may) */
  servesStale: (value: T) => boolean;
  /**
   * a value that may answer stale answers after a change too until it is this old (ms since its work
   * began), and only then is worked out again: for work that costs many times a count
   */
  minAgeMs?: number;
}

/** A value worked out from a whole list, kept per key under its tables' versions (the rules above). */
export async function cachedListValue<T>(
  db: Kysely<DB>,
  tables: readonly VersionedTable[],
  key: string,
  work: () => Promise<T>,
  { exact = false, servesStale, minAgeMs = 0 }: CachedOptions<T>,
): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<string, Entry>()));
  const stamp = await freshVersions(db, tables);
  const id = `${tables.join(',')}|${key}`;
  const hit = cache.get(id);
  // one run at a time for a value that may answer stale: until it ends, the last one answers
  if (!exact && hit && !hit.done && hit.last !== undefined) return hit.last as T;
  if (hit?.kept.standsFor(stamp)) return hit.kept.value as Promise<T>;
  if (!exact && hit?.done && hit.last !== undefined && Date.now() - hit.kept.at < minAgeMs) return hit.last as T;
  // concurrent requests for the same value share one run; the least recently worked out goes first
  const entry: Entry = { kept: new Kept(stamp, work()), done: false, last: hit?.last };
  cache.delete(id);
  cache.set(id, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  entry.kept.value.then(
    (value) => {
      entry.done = true;
      entry.last = servesStale(value as T) ? value : undefined;
    },
    () => {
      entry.done = true;
      if (cache.get(id) === entry) cache.delete(id);
    },
  );
  return (exact ? entry.kept.value : (entry.last ?? entry.kept.value)) as Promise<T>;
}

/** The total of a list filter, kept per key (the rules above). */
export function cachedCount(
  db: Kysely<DB>,
  tables: readonly VersionedTable[],
  key: string,
  count: () => Promise<number>,
  { largeFrom = LARGE_TOTAL, exact = false }: { largeFrom?: number; exact?: boolean } = {},
): Promise<number> {
  return cachedListValue(db, tables, key, count, { exact, servesStale: (n) => n >= largeFrom });
}
