import { sql } from 'kysely';
import type { Database } from '../db/db.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Execute, Kind, TierRead } from './backend.ts';
import { FIELD, ROW, WindowBuilder, type WindowTable } from './window-table.ts';

/**
 * The window from its tiers' newest ids (highest tier first): each item at the highest tier it is
 * found at, in the order (tier desc, id desc), the first `size`, with their facet rows. Once the
 * higher tiers hold `size` items, the lower ones cannot enter the window and are not read.
 */
export async function mergedWindow(
  db: Database,
  exec: Execute,
  kind: Kind,
  size: number,
  tiers: readonly TierRead[],
): Promise<WindowTable> {
  const rel = new Map<number, number>();
  for (const { tier, ids } of tiers) {
    if (rel.size >= size) break;
    for (const id of await ids(exec)) if (!rel.has(id)) rel.set(id, tier);
  }
  const order = [...rel.keys()].sort((a, b) => rel.get(b)! - rel.get(a)! || b - a).slice(0, size);
  const facets = await facetLines(db, exec, kind, order);
  const table = new WindowBuilder();
  for (const id of order) {
    // an item without its facet row is not in the index any more (as the join of windowQuery)
    const line = facets.get(id);
    if (line === undefined) continue;
    const [ext = '', language = '', cats = ''] = line.split(FIELD);
    table.add(id, rel.get(id)!, -1, ext, language, cats);
  }
  return table.build();
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
