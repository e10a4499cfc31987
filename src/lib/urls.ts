/**
 * Public page URLs (spec §2), shared by the build and the islands:
 * - documents `/library/<deepest category id>/<uuid>` (`_` when the category is unknown),
 * - articles `/article/<first category id>/detail/<identifier>` (`_` when unknown),
 * - user home pages `/user/<id>`, search `/search?wd=…&type=…`.
 * Unknown category segments are answered by the server's fallback shells.
 */

/** Whatever knows a category's parent (a category index such as `$categoryById`). */
export type ParentIndex = ReadonlyMap<number, { parent_id: number }>;

function depthOf(id: number, byId: ParentIndex): number {
  const seen = new Set<number>();
  let node = byId.get(id);
  let cur = id;
  while (node && !seen.has(cur)) {
    seen.add(cur);
    cur = node.parent_id;
    node = cur ? byId.get(cur) : undefined;
  }
  return seen.size;
}

/**
 * The category a document page lives under: the deepest of its categories when `byId` knows
 * them (a document is linked to every category on its path), else the last id, else 0.
 */
export function documentCategory(ids: readonly number[] | undefined, byId?: ParentIndex): number {
  const list = (ids ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  if (!list.length) return 0;
  if (!byId?.size) return list[list.length - 1] ?? 0;
  let best = list[list.length - 1] ?? 0;
  let depth = -1;
  for (const id of list) {
    const d = depthOf(id, byId);
    if (d >= depth) {
      best = id;
      depth = d;
    }
  }
  return best;
}

export function documentUrl(doc: { uuid: string; category_id?: readonly number[] }, byId?: ParentIndex): string {
  const cat = documentCategory(doc.category_id, byId);
  return `/library/${cat || '_'}/${encodeURIComponent(doc.uuid)}`;
}

/** The reader at one page: the document page honours `#page=N`. */
export function documentPageUrl(doc: { uuid: string; category_id?: readonly number[] }, page: number, byId?: ParentIndex): string {
  return `${documentUrl(doc, byId)}#page=${Math.max(1, Math.floor(page) || 1)}`;
}

export function articleUrl(article: { identifier: string; category_id?: readonly number[] }): string {
  const first = (article.category_id ?? []).map(Number).find((n) => Number.isInteger(n) && n > 0);
  return `/article/${first ?? '_'}/detail/${encodeURIComponent(article.identifier)}`;
}

export const userUrl = (id: number | string): string => `/user/${encodeURIComponent(String(id))}`;

/** `/search?wd=…` (type 1 = articles; documents are the default). */
export function searchUrl(wd: string, type: 0 | 1 = 0): string {
  const q = new URLSearchParams({ wd });
  if (type === 1) q.set('type', '1');
  return `/search?${q.toString()}`;
}
