/**
 * Library URLs (spec §2): `/library/{category}` and `/library/{category}/{document uuid}`,
 * where a document lives under its deepest category. Shared by the build and the islands.
 */
import type { CategoryNode } from '../../lib/tree.ts';

export type CategoryIndex = ReadonlyMap<number, CategoryNode>;

/** Ancestors first, the category itself last; unknown ids give []. Cycles are cut. */
export function categoryChain(id: number, byId: CategoryIndex): CategoryNode[] {
  const chain: CategoryNode[] = [];
  const seen = new Set<number>();
  let node = byId.get(id);
  while (node && !seen.has(node.id)) {
    seen.add(node.id);
    chain.unshift(node);
    node = node.parent_id ? byId.get(node.parent_id) : undefined;
  }
  return chain;
}

/** The deepest of a document's categories (it is linked to every category on its path). */
export function deepestCategory(ids: readonly number[] | undefined, byId: CategoryIndex): number {
  let best = 0;
  let depth = -1;
  for (const id of ids ?? []) {
    const d = categoryChain(id, byId).length;
    if (d >= depth) {
      best = id;
      depth = d;
    }
  }
  return best;
}

export const categoryPath = (id: number): string => `/library/${id}`;

/** Static page path of a document; the server answers unknown ones with the fallback shell. */
export function documentPath(doc: { uuid: string; category_id?: number[] }, byId: CategoryIndex): string {
  return `/library/${deepestCategory(doc.category_id, byId)}/${encodeURIComponent(doc.uuid)}`;
}

/** Document uuid from a library path (`/library/<cat>/<uuid>`, `.html` tolerated) or `?uuid=`. */
export function uuidFromLocation(pathname: string, search: string): string {
  const q = new URLSearchParams(search).get('uuid')?.trim();
  if (q) return q;
  const m = /^\/library\/[^/]+\/([^/]+?)(?:\.html)?\/?$/.exec(pathname);
  const id = m?.[1] ?? '';
  return id === 'fallback' ? '' : decodeURIComponent(id);
}
