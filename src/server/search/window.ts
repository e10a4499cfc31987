import type { CompiledQuery, RawBuilder } from 'kysely';
import type { Database } from '../db/db.ts';
import { Kept, StampWatch } from '../db/versioned-value.ts';
import { freshVersions, type VersionedTable } from '../db/versions.ts';
import type { Execute, Kind, Window } from './backend.ts';
import { backendFor } from './backends.ts';
import type { Term } from './terms.ts';
import { looserWindow, mergedWindow, type WindowHead } from './window-merge.ts';
import { itemColumns, statementRead } from './window-sql.ts';
import type { WindowTable } from './window-table.ts';

/**
 * The window of a search: the items a reader can page through (with `display.max_search_pages`,
 * the first pages × 10 matches in relevance order), each with what facets, filters and sorting
 * need (ext, language, category ids from search_facets; sort columns from the item rows, read only
 * for an order by a column or a time range or uploader). A capped window is read tier by tier
 * (windowRead), an uncapped one by one statement (window-sql.ts); everything else a search
 * answers (total, facet counts, facet filters, order, the page) is worked out from it in memory
 * (query.ts), so that work follows the window's size, never the number of matches.
 *
 * Windows are kept (WINDOWS per database, least recently used out) under the change counters of
 * the items' tables and of the index (search_facets, written by any process), for at most a minute (Kept): the
 * frequent searches, the next pages and the filters of a search are answered without the database.
 * Counters that filter nothing (views, downloads) may be up to a minute old in a kept window's
 * sort order; the rows shown are read live (search.service.ts).
 */

/** Windows kept per database (a window of 1,000 rows is a few typed arrays of about 15 kB). */
export const WINDOWS = 128;

export interface WindowSpec {
  kind: Kind;
  /** `documents` or `articles`, aliased `t` */
  table: 'documents' | 'articles';
  /** columns of `t` carried along for sorting; none: the item rows are not read (see `where`) */
  columns: readonly string[];
  /** conditions on `t` (time range, uploader); none: the item rows are not read */
  where: readonly RawBuilder<unknown>[];
  /** conditions on `t` that the index implies (visibility), checked too when the rows are read */
  visible: readonly RawBuilder<unknown>[];
  /** the change counters the rows depend on */
  tables: readonly VersionedTable[];
  window?: Window;
}

/**
 * How long after its change counters moved a window read is trusted, unless read again: an
 * instance indexing a worker's conversion moves the search counter (migration 028) before it
 * commits, so a window read in between can miss that write (StampWatch).
 */
const SETTLE_MS = 5000;

interface WindowCache {
  windows: Map<string, Kept<Promise<WindowTable>>>;
  /** when each tables' stamp was first seen (by the tables' names) */
  moves: Map<string, StampWatch>;
}

const caches = new WeakMap<Database, WindowCache>();

function cacheOf(db: Database): WindowCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { windows: new Map(), moves: new Map() }));
  return cache;
}

/** Until when a window read now under `stamp` stands. */
function trustedUntil(cache: WindowCache, tables: readonly string[], stamp: string): number {
  const name = tables.join(',');
  let watch = cache.moves.get(name);
  if (!watch) cache.moves.set(name, (watch = new StampWatch()));
  return watch.until(stamp, SETTLE_MS);
}

/** Runs statements on the service's own database. */
export const executeOn =
  (db: Database): Execute =>
  async <R>(compiled: CompiledQuery) =>
    (await db.executeQuery<R>(compiled)).rows;

export interface WindowRead {
  /** what the window depends on besides the counters: its statements and their parameters */
  key: string;
  /** reads the window with `exec` (the benchmark passes a bare driver connection); `head`: see mergedWindow */
  run(exec: Execute, head?: WindowHead): Promise<WindowTable>;
  /** starts what `run` will read, where that can start before the change counters are known (IndexBackend.prefetchTiers) */
  prefetch?(): void;
}

/**
 * How a window is read: the common case (no item columns or conditions) tier by tier, merged here
 * (mergedWindow; the looser search's, one window of tiers per left-out term, looserWindow), then
 * the item rows an order or condition needs; a window without a cap with one statement.
 */
export function windowRead(db: Database, spec: WindowSpec, terms: readonly Term[], relaxed: boolean): WindowRead {
  const window = spec.window;
  if (window) {
    const backend = backendFor(db);
    const key = JSON.stringify([relaxed ? 'looser' : 'tiers', spec.kind, terms, window]);
    let read: WindowRead['run'];
    let prefetch: WindowRead['prefetch'];
    if (!relaxed) {
      const [tiers] = backend.tierReads(db, spec.kind, [terms], window);
      read = (exec, head) => mergedWindow(db, exec, spec.kind, window.size, tiers!, backend.tiersAtOnce, head);
      prefetch = () => backend.prefetchTiers?.(db, spec.kind, terms, window);
    } else {
      const leftOut = terms.map((_, i) => terms.filter((__, j) => j !== i));
      const parts = backend.tierReads(db, spec.kind, leftOut, window);
      read = (exec) => looserWindow(db, exec, spec.kind, window.size, parts, backend.tiersAtOnce);
    }
    if (!spec.columns.length && !spec.where.length) return { key, run: read, prefetch };
    // a condition may drop any of the first ids: no head
    const columns = itemColumns(db, spec);
    return { key: `${key}\u0000${columns.key}`, run: async (exec) => columns.read(exec, await read(exec)), prefetch };
  }
  return statementRead(db, spec, terms, relaxed);
}

/** The window of a search: kept, or read (then `head` may learn its first ids early, mergedWindow). */
export async function loadWindow(
  db: Database,
  spec: WindowSpec,
  terms: readonly Term[],
  relaxed = false,
  head?: WindowHead,
): Promise<WindowTable> {
  const read = windowRead(db, spec, terms, relaxed);
  const key = read.key;
  const cache = cacheOf(db);
  // a window not kept is read whatever the counters say: what can start before they are known does
  if (!cache.windows.has(key)) read.prefetch?.();
  const stamp = await freshVersions(db, spec.tables);
  const { windows } = cache;
  const found = windows.get(key);
  windows.delete(key);
  if (found?.standsFor(stamp)) {
    windows.set(key, found);
    return found.value;
  }
  const entry = new Kept(stamp, read.run(executeOn(db), head), trustedUntil(cache, spec.tables, stamp));
  windows.set(key, entry);
  // a failed read is not kept
  entry.value.catch(() => {
    if (windows.get(key) === entry) windows.delete(key);
  });
  if (windows.size > WINDOWS) windows.delete(windows.keys().next().value!);
  return entry.value;
}
