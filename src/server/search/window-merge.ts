import { sql } from 'kysely';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '../db/db.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Execute, Kind, TierRead } from './backend.ts';
import type { FacetColumns } from './facet-columns.ts';
import { facetStore } from './facet-store.ts';
import { FIELD, ROW, WindowBuilder, type WindowTable } from './window-table.ts';

/**
 * Asks a merged window for its first `size` ids (with their tiers) as soon as the tiers read so far
 * hold that many, while lower tiers are still being read or the window's facet rows put together:
 * a search then reads its page's rows meanwhile (query.ts). Given only when nothing but the tiers
 * decides the order (relevance, no filters). A page the whole window does not fill is not told (it
 * may be followed by the looser search's items).
 */
export interface WindowHead {
  size: number;
  found(ids: readonly number[], tiers: readonly number[]): void;
}

/** A window's items in order, each with its tier and (looser windows) the term it lacks (-1: none). */
interface Merged {
  order: number[];
  rel: number[];
  miss?: number[];
}

/**
 * The window from its tiers' newest ids (highest tier first): each item at the highest tier it is
 * found at, in the order (tier desc, id desc), the first `size`, with their facet rows. Once the
 * higher tiers hold `size` items, the lower ones cannot enter the window and are not read; `atOnce`
 * (IndexBackend.tiersAtOnce) reads them all at the same time instead; then `head` learns the
 * window's first ids once the tiers read so far hold them, if every one has its facet row in memory
 * (an item without one could still drop out).
 */
export async function mergedWindow(
  db: Database,
  exec: Execute,
  kind: Kind,
  size: number,
  tiers: readonly TierRead[],
  atOnce = false,
  head?: WindowHead,
): Promise<WindowTable> {
  // held in memory (facet-store.ts); what it does not hold yet is read
  const heldColumns = facetStore(db).columns(kind);
  // awaited below; a rejection before then is no unhandled one
  heldColumns.catch(() => undefined);
  const merged = await mergedIds(exec, size, tiers, atOnce, head && { head, held: heldColumns });
  return withFacets(db, exec, kind, merged, await heldColumns);
}

/**
 * The looser window (query.ts): the items holding every term but one, from one window of tiers per
 * left-out term (`parts[i]` without term i). An item found by two of them holds every term: the
 * strict window has it. The rest in the order (tier desc, id desc), the first `size`, as the one
 * statement of window.ts read them before (its union of the parts' windows, grouped).
 */
export async function looserWindow(
  db: Database,
  exec: Execute,
  kind: Kind,
  size: number,
  parts: readonly (readonly TierRead[])[],
  atOnce = false,
): Promise<WindowTable> {
  const heldColumns = facetStore(db).columns(kind);
  heldColumns.catch(() => undefined);
  const windows = await Promise.all(parts.map((tiers) => mergedIds(exec, size, tiers, atOnce)));
  const found = new Map<number, { rel: number; miss: number; parts: number }>();
  for (const [miss, w] of windows.entries()) {
    for (const [i, id] of w.order.entries()) {
      const seen = found.get(id);
      if (seen) seen.parts++;
      else found.set(id, { rel: w.rel[i]!, miss, parts: 1 });
    }
  }
  const once = [...found].filter(([, f]) => f.parts === 1);
  once.sort(([a, x], [b, y]) => y.rel - x.rel || b - a);
  once.length = Math.min(once.length, size);
  const merged = { order: once.map(([id]) => id), rel: once.map(([, f]) => f.rel), miss: once.map(([, f]) => f.miss) };
  return withFacets(db, exec, kind, merged, await heldColumns);
}

/** Merges a window's tiers into its first `size` ids (see mergedWindow). */
async function mergedIds(
  exec: Execute,
  size: number,
  tiers: readonly TierRead[],
  atOnce: boolean,
  early?: { head: WindowHead; held: Promise<FacetColumns | undefined> },
): Promise<Merged> {
  // at once: every tier asked before the first answer (a rejection is met by the loop, or dropped)
  const started = atOnce ? tiers.map((t) => t.ids(exec)) : [];
  for (const p of started) p.catch(() => undefined);
  // each tier's ids come newest first and the tiers highest first, so appending what no higher
  // tier holds is already the order (tier desc, id desc): no sort
  const seen = new Set<number>();
  const order: number[] = [];
  const rel: number[] = [];
  for (const [t, { tier, ids }] of tiers.entries()) {
    if (order.length >= size) break;
    for (const id of await (started[t] ?? ids(exec))) {
      if (seen.has(id)) continue;
      seen.add(id);
      order.push(id);
      rel.push(tier);
    }
    if (early && atOnce && order.length >= early.head.size) {
      const told = tellHead(early.head, order, rel, await early.held);
      early = undefined;
      // the page's statements are only sent once this chain of settled awaits lets the event loop
      // turn (pg hands out connections in a later tick): without it they waited for the window's
      // facets and counts, 1.2–1.7 ms on a window of 1,000 (PostgreSQL, 100,000 documents)
      if (told) await nextTurn();
    }
  }
  order.length = Math.min(order.length, size);
  return { order, rel };
}

/** The window of merged ids with their facet rows: held in memory, else read. */
async function withFacets(
  db: Database,
  exec: Execute,
  kind: Kind,
  { order, rel, miss }: Merged,
  held: FacetColumns | undefined,
): Promise<WindowTable> {
  const facets = await facetLines(db, exec, kind, held ? order.filter((id) => !held.has(id)) : order);
  const table = new WindowBuilder();
  for (const [i, id] of order.entries()) {
    const missing = miss?.[i] ?? -1;
    if (held?.has(id)) {
      held.addTo(table, id, rel[i]!, missing);
      continue;
    }
    // an item without its facet row is not in the index any more (as the join of windowQuery)
    const line = facets.get(id);
    if (line === undefined) continue;
    const [ext = '', language = '', cats = ''] = line.split(FIELD);
    table.add(id, rel[i]!, missing, ext, language, cats);
  }
  return table.build();
}

/** The first ids of a window to its head, when each is sure to stay where it is (its facet row held). */
function tellHead(head: WindowHead, order: readonly number[], rel: readonly number[], held: FacetColumns | undefined): boolean {
  const ids = order.slice(0, head.size);
  if (!held || !ids.every((id) => held.has(id))) return false;
  head.found(ids, rel.slice(0, head.size));
  return true;
}

/**
 * The statement reading the facet rows of some items as one string, each row looked up by its key
 * (PostgreSQL: `= any` is one index scan; joining unnest() took a hash join over the whole table).
 */
function facetStatement(db: Database, kind: Kind, ids: readonly number[]) {
  const line = sql`concat_ws(${FIELD}, f.ref_id, f.ext, f.language, f.cats)`;
  // SQLite: CROSS JOIN keeps the ids as the outer loop
  return dialectOf(db) === 'postgres'
    ? sql<{ packed: string | null }>`select string_agg(${line}, ${ROW}) as packed
        from search_facets f where f.kind = ${kind} and f.ref_id = any(${`{${ids.join(',')}}`}::int[])`
    : sql<{ packed: string | null }>`select group_concat(${line}, ${ROW}) as packed
        from json_each(${JSON.stringify(ids)}) j cross join search_facets f on f.kind = ${kind} and f.ref_id = j.value`;
}

/** The facet rows of some items, each as `ext \t language \t cats` by id. */
async function facetLines(db: Database, exec: Execute, kind: Kind, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!ids.length) return out;
  const rows = await exec<{ packed: string | null }>(facetStatement(db, kind, ids).compile(db));
  for (const line of (rows[0]?.packed ?? '').split(ROW)) {
    const tab = line.indexOf(FIELD);
    if (tab > 0) out.set(Number(line.slice(0, tab)), line.slice(tab + 1));
  }
  return out;
}
