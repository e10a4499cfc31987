import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Database } from '../db/db.ts';
import { dialectOf } from '../db/dialect.ts';
import { Kept, StampWatch } from '../db/versioned-value.ts';
import { freshVersions, type VersionedTable } from '../db/versions.ts';
import type { Execute, Kind, Window } from './backend.ts';
import { backendFor } from './backends.ts';
import type { Term } from './terms.ts';
import { looserWindow, mergedWindow, type WindowHead } from './window-merge.ts';
import { FIELD, ROW, WindowBuilder, type WindowTable } from './window-table.ts';

/**
 * The window of a search: the items a reader can page through (with `display.max_search_pages`,
 * the first pages × 10 matches in relevance order), each with what facets, filters and sorting
 * need (ext, language, category ids from search_facets; sort columns from the item rows, read only
 * for an order by a column or a time range or uploader). One statement reads it; everything else a
 * search answers (total, facet counts, facet filters, order, the page) is worked out from it in
 * memory (query.ts), so that work follows the window's size, never the number of matches.
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

/** One query of `(ref_id, rel, miss)`: the items holding all `terms`, or (relaxed) all but the one at `miss`. */
function matchedQuery(db: Database, spec: WindowSpec, terms: readonly Term[], relaxed: boolean): RawBuilder<unknown> {
  const backend = backendFor(db);
  if (!relaxed) return sql`select ref_id, rel, -1 as miss from (${backend.matches(spec.kind, terms, spec.window)}) s`;
  const parts = terms.map(
    (_, i) =>
      sql`select ref_id, rel, ${sql.lit(i)} as miss from (${backend.matches(
        spec.kind,
        terms.filter((__, j) => j !== i),
        spec.window,
      )}) ${sql.raw(`s${i}`)}`,
  );
  // an item in two of them holds every term: the strict search has it
  const grouped = sql`select ref_id, max(rel) as rel, min(miss) as miss from (${sql.join(parts, sql` union all `)}) u
    group by ref_id having count(*) = 1`;
  return spec.window
    ? sql`select * from (${grouped}) g order by rel desc, ref_id desc limit ${sql.lit(spec.window.size)}`
    : grouped;
}

/**
 * The statement reading a window: the matches with their facet rows (search_facets) and, only
 * when a condition or the order needs them, their item rows (visible ones only).
 */
function windowQuery(db: Database, spec: WindowSpec, matched: RawBuilder<unknown>): RawBuilder<Record<string, unknown>> {
  const pg = dialectOf(db) === 'postgres';
  // SQLite: CROSS JOIN keeps the matches as the outer loop, each row looked up by its key
  const join = pg ? sql`join` : sql`cross join`;
  const facets = sql`with matched as (${matched}) select m.ref_id as id, m.rel, m.miss, f.ext, f.language, f.cats
    from matched m ${join} search_facets f on f.kind = ${spec.kind} and f.ref_id = m.ref_id`;
  if (!spec.where.length && !spec.columns.length) return facets as RawBuilder<Record<string, unknown>>;
  const cols = sql.join(spec.columns.map((c) => sql`t.${sql.ref(c)}`));
  const where = sql.join([...spec.visible, ...spec.where], sql` and `);
  return sql<Record<string, unknown>>`select w.*${spec.columns.length ? sql`, ${cols}` : sql``}
    from (${facets}) w ${join} ${sql.table(spec.table)} t on t.id = w.id where ${where}`;
}

const TEXT_COLUMNS = new Set(['ext', 'language', 'created_at']);

/**
 * The window as one string, a line per item, when it needs no item columns (the common case):
 * building a thousand row objects in the driver cost more than the statement that found them.
 */
function packedQuery(db: Database, windowSql: RawBuilder<Record<string, unknown>>): RawBuilder<{ packed: string | null }> {
  const line = sql`concat_ws(${FIELD}, w.id, w.rel, w.miss, coalesce(w.ext, ''), coalesce(w.language, ''), coalesce(w.cats, ''))`;
  return dialectOf(db) === 'postgres'
    ? sql`select string_agg(${line}, ${ROW}) as packed from (${windowSql}) w`
    : sql`select group_concat(${line}, ${ROW}) as packed from (${windowSql}) w`;
}

function fromPacked(packed: string | null): WindowTable {
  const table = new WindowBuilder();
  if (packed) {
    for (const line of packed.split(ROW)) {
      const [id, rel, miss, ext = '', language = '', cats = ''] = line.split(FIELD);
      table.add(Number(id), Number(rel), Number(miss), ext, language, cats);
    }
  }
  return table.build();
}

/** Item columns by their names, bigint columns as numbers (PostgreSQL's driver reads them as strings). */
function columnValues(r: Record<string, unknown>, columns: readonly string[]): Record<string, string | number | null> {
  const values: Record<string, string | number | null> = {};
  for (const c of columns) {
    const v = r[c];
    values[c] = typeof v === 'string' && !TEXT_COLUMNS.has(c) ? Number(v) : (v as string | number | null);
  }
  return values;
}

function fromRows(rows: readonly Record<string, unknown>[], columns: readonly string[]): WindowTable {
  const table = new WindowBuilder();
  for (const r of rows) {
    const values = columnValues(r, columns);
    table.add(
      Number(r.id),
      Number(r.rel),
      Number(r.miss),
      String(r.ext ?? ''),
      String(r.language ?? ''),
      String(r.cats ?? ''),
      values,
    );
  }
  return table.build();
}

/**
 * The item rows a window read tier by tier needs (an order by a column, a time range, an
 * uploader): one statement over the window's ids; the items it does not answer (out of view, or
 * failing a condition) leave the window, the rest keep their order.
 */
function itemColumns(db: Database, spec: WindowSpec) {
  const pg = dialectOf(db) === 'postgres';
  const cols = sql.join([sql`t.id`, ...spec.columns.map((c) => sql`t.${sql.ref(c)}`)]);
  const where = sql.join([...spec.visible, ...spec.where], sql` and `);
  const statement = (ids: readonly number[]) =>
    (pg
      ? sql<Record<string, unknown>>`select ${cols} from ${sql.table(spec.table)} t
          where t.id = any(${`{${ids.join(',')}}`}::int[]) and ${where}`
      : sql<Record<string, unknown>>`select ${cols} from json_each(${JSON.stringify(ids)}) j
          cross join ${sql.table(spec.table)} t on t.id = j.value where ${where}`
    ).compile(db);
  const { sql: text, parameters } = statement([]);
  return {
    key: `${text}\u0000${JSON.stringify(parameters.slice(1))}`,
    async read(exec: Execute, window: WindowTable): Promise<WindowTable> {
      const rows = window.size ? await exec<Record<string, unknown>>(statement([...window.id])) : [];
      const byId = new Map(rows.map((r) => [Number(r.id), columnValues(r, spec.columns)]));
      const out = new WindowBuilder();
      for (let i = 0; i < window.size; i++) {
        const values = byId.get(window.id[i]!);
        if (values)
          out.add(window.id[i]!, window.rel[i]!, window.miss[i]!, window.ext(i), window.language(i), window.cats(i), values);
      }
      return out.build();
    },
  };
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
}

/**
 * How a window is read: the common case (no item columns or conditions) tier by tier, merged here
 * (mergedWindow; the looser search's, one window of tiers per left-out term, looserWindow); anything
 * else with one statement.
 */
export function windowRead(db: Database, spec: WindowSpec, terms: readonly Term[], relaxed: boolean): WindowRead {
  const window = spec.window;
  if (window) {
    const backend = backendFor(db);
    const tiersOf = (part: readonly Term[]) => backend.tierReads(db, spec.kind, part, window);
    const key = JSON.stringify([relaxed ? 'looser' : 'tiers', spec.kind, terms, window]);
    let read: WindowRead['run'];
    if (!relaxed) {
      const tiers = tiersOf(terms);
      read = (exec, head) => mergedWindow(db, exec, spec.kind, window.size, tiers, backend.tiersAtOnce, head);
    } else {
      const parts = terms.map((_, i) => tiersOf(terms.filter((__, j) => j !== i)));
      read = (exec) => looserWindow(db, exec, spec.kind, window.size, parts, backend.tiersAtOnce);
    }
    if (!spec.columns.length && !spec.where.length) return { key, run: read };
    // a condition may drop any of the first ids: no head
    const columns = itemColumns(db, spec);
    return { key: `${key}\u0000${columns.key}`, run: async (exec) => columns.read(exec, await read(exec)) };
  }
  const windowSql = windowQuery(db, spec, matchedQuery(db, spec, terms, relaxed));
  const packed = !spec.columns.length;
  const compiled = (packed ? packedQuery(db, windowSql) : windowSql).compile(db);
  return {
    key: `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`,
    run: (exec) =>
      exec<Record<string, unknown>>(compiled).then((rows) =>
        packed ? fromPacked((rows[0]?.packed as string | null) ?? null) : fromRows(rows, spec.columns),
      ),
  };
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
  const stamp = await freshVersions(db, spec.tables);
  const cache = cacheOf(db);
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
