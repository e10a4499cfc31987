/** Tables whose rows form a tree through `parent_id` (categories, navigation). */
import type { Database } from './db.ts';

export interface TreeRow {
  id: number;
  parent_id: number;
}

/** Ids of the given nodes and all their descendants among `all` (a node left out of `all` ends its branch). */
export function subtree(all: readonly TreeRow[], roots: readonly number[]): Set<number> {
  const out = new Set(roots.filter((id) => all.some((r) => r.id === id)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of all) {
      if (!out.has(r.id) && out.has(r.parent_id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}

/** Deletes the chosen rows of a tree table (in the caller's transaction); returns their ids. */
export async function deleteNodes(
  trx: Database,
  table: 'categories' | 'navigations',
  doomed: ReadonlySet<number>,
): Promise<number[]> {
  if (doomed.size)
    await trx
      .deleteFrom(table)
      .where('id', 'in', [...doomed])
      .execute();
  return [...doomed];
}
