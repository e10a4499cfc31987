import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { freshVersions, type VersionedTable } from './versions.ts';
import { Kept } from './versioned-value.ts';

/**
 * Totals of list filters, kept until one of the tables they read changes (table versions, see
 * versions.ts). COUNT(*) over a filter of 100,000 documents costs tens of milliseconds; a list
 * page then costs one version read instead.
 */
const MAX_ENTRIES = 5000;

const caches = new WeakMap<Kysely<DB>, Map<string, Kept<Promise<number>>>>();

export async function cachedCount(
  db: Kysely<DB>,
  tables: readonly VersionedTable[],
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<string, Kept<Promise<number>>>()));
  const stamp = await freshVersions(db, tables);
  const id = `${tables.join(',')}|${key}`;
  const hit = cache.get(id);
  if (hit?.standsFor(stamp)) return hit.value;
  // concurrent requests for the same total share one count; the least recently counted goes first
  const entry = new Kept(stamp, count());
  cache.delete(id);
  cache.set(id, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  entry.value.catch(() => cache.get(id) === entry && cache.delete(id));
  return entry.value;
}
