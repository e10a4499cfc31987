/**
 * Article URLs (spec §2): `/article`, `/article/{category}` and
 * `/article/{category}/detail/{identifier}`, where an article lives under its first category
 * (`_` when it has none). Shared by the build, the islands and the server's fallback mapping.
 */

/** Category segment used for articles without a category. */
export const NO_CATEGORY = '_';

/** Identifiers that get a static page (others are served by the fallback shell only). */
export const STATIC_IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/;

export const articleListPath = (categoryId: number): string => (categoryId > 0 ? `/article/${categoryId}` : '/article');

export function articlePath(a: { identifier: string; category_id?: readonly number[] }): string {
  const first = a.category_id?.find((id) => id > 0);
  return `/article/${first ?? NO_CATEGORY}/detail/${encodeURIComponent(a.identifier)}`;
}

/** Article identifier from a detail path (`.html` or a trailing slash tolerated) or `?identifier=`. */
export function identifierFromLocation(pathname: string, search: string): string {
  const q = new URLSearchParams(search).get('identifier')?.trim();
  if (q) return q;
  const m = /^\/article\/[^/]+\/detail\/([^/]+?)(?:\.html)?\/?$/.exec(pathname);
  if (!m?.[1]) return '';
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return '';
  }
}

/** Category id of an article list path (`/article/12`), 0 for `/article`. */
export function categoryFromPath(pathname: string): number {
  const m = /^\/article\/(\d+)(?:\.html)?\/?$/.exec(pathname);
  return m ? Number(m[1]) : 0;
}
