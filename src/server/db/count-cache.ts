import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { freshVersions, type VersionedTable } from './versions.ts';

/**
 * Totals of list filters, kept until one of the tables they read changes (table versions, see
 * versions.ts). COUNT(*) over a filter of 100,000 documents costs tens of milliseconds; a list
 * page then costs one version read instead. A PostgreSQL sequence moves before its transaction
 * commits, so a count taken in that instant could be kept under the new version: entries
 * therefore also expire after a minute.
 */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 5000;

interface Entry {
  stamp: string;
  at: number;
  total: Promise<number>;
}

const caches = new WeakMap<Kysely<DB>, Map<string, Entry>>();

export async function cachedCount(
  db: Kysely<DB>,
  tables: readonly VersionedTable[],
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<string, Entry>()));
  const stamp = await freshVersions(db, tables);
  const id = `${tables.join(',')}|${key}`;
  const hit = cache.get(id);
  if (hit && hit.stamp === stamp && Date.now() - hit.at < MAX_AGE_MS) return hit.total;
  // concurrent requests for the same total share one count
  const entry: Entry = { stamp, at: Date.now(), total: count() };
  cache.delete(id);
  cache.set(id, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  entry.total.catch(() => cache.get(id) === entry && cache.delete(id));
  return entry.total;
}
