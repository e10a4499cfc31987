import { sql, type CompiledQuery } from 'kysely';
import type { Database } from '../db/db.ts';
import type { Kind } from './backend.ts';
import { FIELD, ROW, WindowBuilder, type WindowTable } from './window-table.ts';

/**
 * The window from its tiers' newest ids (highest tier first): each item at the highest tier it is
 * found at, in the order (tier desc, id desc), the first `size`, with their facet rows. Once the
 * higher tiers hold `size` items, the lower ones cannot enter the window and are not read.
 */
export async function mergedWindow(
  db: Database,
  kind: Kind,
  size: number,
  tiers: ReadonlyArray<{ tier: number; compiled: CompiledQuery }>,
): Promise<WindowTable> {
  const rel = new Map<number, number>();
  for (const { tier, compiled } of tiers) {
    if (rel.size >= size) break;
    const ids = ((await db.executeQuery<{ ids: string | null }>(compiled)).rows[0]?.ids ?? '').split(',');
    for (const s of ids) if (s && !rel.has(Number(s))) rel.set(Number(s), tier);
  }
  const order = [...rel.keys()].sort((a, b) => rel.get(b)! - rel.get(a)! || b - a).slice(0, size);
  const facets = await facetLines(db, kind, order);
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

/** The facet rows of some items, each as `ext \t language \t cats` by id (one statement, one string). */
async function facetLines(db: Database, kind: Kind, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!ids.length) return out;
  // CROSS JOIN keeps the ids as the outer loop: each facet row looked up by its key
  const { rows } = await sql<{
    packed: string | null;
  }>`select group_concat(concat_ws(${FIELD}, f.ref_id, f.ext, f.language, f.cats), ${ROW}) as packed
    from json_each(${JSON.stringify(ids)}) j cross join search_facets f on f.kind = ${kind} and f.ref_id = j.value`.execute(db);
  for (const line of (rows[0]?.packed ?? '').split(ROW)) {
    const tab = line.indexOf(FIELD);
    if (tab > 0) out.set(Number(line.slice(0, tab)), line.slice(tab + 1));
  }
  return out;
}
