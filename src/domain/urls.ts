/**
 * Public page URLs (spec §2), shared by the build, the page scripts, the React apps and the
 * server's fallback mapping:
 * - library `/library`, categories `/library/<id>`, documents `/library/<deepest category id>/<uuid>`,
 * - articles `/article`, `/article/<id>`, `/article/<first category id>/detail/<identifier>`,
 * - user home pages `/user/<id>`, search `/search?wd=…&type=…`.
 * - the member area `/member/…` (MEMBER_PATHS).
 * An item without a category lives under `_`; the build pre-renders exactly these paths and the
 * server answers the addresses of items newer than the build with the fallback shells.
 */

/** Category segment of documents and articles that have no category. */
export const NO_CATEGORY = '_';

/** Whatever knows a category's parent (a category index such as `$categoryById`). */
export type ParentIndex<T extends { parent_id: number } = { parent_id: number }> = ReadonlyMap<number, T>;

/** Ancestors first, the category itself last; unknown ids give []. Parent cycles are cut. */
export function categoryChain<T extends { parent_id: number }>(id: number, byId: ParentIndex<T>): T[] {
  const chain: T[] = [];
  const seen = new Set<number>();
  for (let cur = id, node = byId.get(cur); node && !seen.has(cur); cur = node.parent_id, node = cur ? byId.get(cur) : undefined) {
    seen.add(cur);
    chain.unshift(node);
  }
  return chain;
}

const positiveIds = (ids: readonly number[] | undefined): number[] =>
  (ids ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0);

/**
 * The category an item lives under: the deepest of its categories when `byId` knows them (an
 * item is linked to every category on its path), else the last id, else 0.
 */
export function deepestCategory(ids: readonly number[] | undefined, byId?: ParentIndex): number {
  const list = positiveIds(ids);
  let best = list[list.length - 1] ?? 0;
  if (!byId?.size) return best;
  let depth = -1;
  for (const id of list) {
    const d = categoryChain(id, byId).length;
    if (d >= depth) {
      best = id;
      depth = d;
    }
  }
  return best;
}

/** The deepest category chain of an item (ancestors first) from its own `category[]` links. */
export function itemChain<T extends { id: number; parent_id: number }>(ids: readonly number[], categories: readonly T[]): T[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  return categoryChain(deepestCategory(ids, byId), byId);
}

/** The configured 网站域名 (system.domain) as the base of absolute URLs: trimmed, no trailing slash. */
export const siteBase = (domain: string): string => domain.trim().replace(/\/+$/, '');

/** Whether `base` (from siteBase) is an absolute http(s) origin that crawlers and providers accept. */
export const isAbsoluteBase = (base: string): boolean => /^https?:\/\/[^/]+$/.test(base);

export const categoryUrl = (id: number): string => (id > 0 ? `/library/${id}` : '/library');

export function documentUrl(doc: { uuid: string; category_id?: readonly number[] }, byId?: ParentIndex): string {
  return `/library/${deepestCategory(doc.category_id, byId) || NO_CATEGORY}/${encodeURIComponent(doc.uuid)}`;
}

/** A document known only by its uuid (lists that carry no categories): the fallback shell moves to its own address. */
export const documentByUuidUrl = (uuid: string): string => `/library/fallback?uuid=${encodeURIComponent(uuid)}`;

/** The reader at one page: the document page honours `#page=N`. */
export function documentPageUrl(
  doc: { uuid: string; category_id?: readonly number[] },
  page: number,
  byId?: ParentIndex,
): string {
  return `${documentUrl(doc, byId)}#page=${Math.max(1, Math.floor(page) || 1)}`;
}

/**
 * A document's cover (page 1 fitted into 210×297 and letter-boxed at conversion, so any page shape
 * keeps its proportions): the cover the server names, else `/view/cover/<hash>`; '' when unknown.
 */
export function coverUrl(doc: { cover?: string; attachment?: { hash: string } }): string {
  const hash = doc.attachment?.hash ?? '';
  return doc.cover || (/^[0-9a-f]{8,64}$/i.test(hash) ? `/view/cover/${hash}` : '');
}

export const articleListUrl = (categoryId: number): string => (categoryId > 0 ? `/article/${categoryId}` : '/article');

/** An article lives under its first category. */
export function articleUrl(article: { identifier: string; category_id?: readonly number[] }): string {
  return `/article/${positiveIds(article.category_id)[0] ?? NO_CATEGORY}/detail/${encodeURIComponent(article.identifier)}`;
}

/** Identifiers that get a static page (others are served by the fallback shell only). */
export const STATIC_IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/;

export const userUrl = (id: number | string): string => `/user/${encodeURIComponent(String(id))}`;

/** `/search?wd=…` (type 1 = articles; documents are the default). */
export function searchUrl(wd: string, type: 0 | 1 = 0): string {
  const q = new URLSearchParams({ wd });
  if (type === 1) q.set('type', '1');
  return `/search?${q.toString()}`;
}

const decoded = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return '';
  }
};

/** Document uuid from a library path (`/library/<cat>/<uuid>`, `.html` tolerated) or `?uuid=`. */
export function uuidFromLocation(pathname: string, search: string): string {
  const q = new URLSearchParams(search).get('uuid')?.trim();
  if (q) return q;
  const id = /^\/library\/[^/]+\/([^/]+?)(?:\.html)?\/?$/.exec(pathname)?.[1] ?? '';
  return id === 'fallback' ? '' : decoded(id);
}

/** Article identifier from a detail path (`.html` or a trailing slash tolerated) or `?identifier=`. */
export function identifierFromLocation(pathname: string, search: string): string {
  const q = new URLSearchParams(search).get('identifier')?.trim();
  if (q) return q;
  const m = /^\/article\/[^/]+\/detail\/([^/]+?)(?:\.html)?\/?$/.exec(pathname);
  return m?.[1] ? decoded(m[1]) : '';
}

/** Category id of an article list path (`/article/12`), 0 for `/article`. */
export function articleCategoryFromPath(pathname: string): number {
  const m = /^\/article\/(\d+)(?:\.html)?\/?$/.exec(pathname);
  return m ? Number(m[1]) : 0;
}

/** 上传文档 (screens §5.8). */
export const UPLOAD_PATH = '/upload';

/** 发布文章 (screens §5.9); `postUrl(identifier)` edits the member's own article. */
export const POST_PATH = '/post';
export const postUrl = (identifier: string): string => `${POST_PATH}?identifier=${encodeURIComponent(identifier)}`;

/** The member area's pages (one island, `src/islands/member/router.ts`, routes between them). */
export const MEMBER_PATHS = {
  home: '/member',
  documents: '/member/documents',
  articles: '/member/articles',
  download: '/member/download',
  favorite: '/member/favorite',
  comment: '/member/comment',
  message: '/member/message',
  order: '/member/order',
  credit: '/member/credit',
  vip: '/member/vip',
  profile: '/member/profile',
} as const;

/** 我的上传 with the edit dialog open for one of the member's documents (the document page's 编辑文档). */
export const memberDocumentEditUrl = (id: number): string => `${MEMBER_PATHS.documents}?edit=${id}`;
