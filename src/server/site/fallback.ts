/**
 * Static-site helpers shared by the server and the build (no Node-only imports):
 * - fallbackFor: which pre-rendered shell answers a page path that has no built file
 *   (documents newer than the last build → `library/fallback.html`, status 200);
 * - buildSitemap: sitemap XML of the public pages (home, library, categories, documents, articles).
 */

/** `/library/<category>/<document uuid>` (optionally `.html` or a trailing slash). */
const DOCUMENT_PATH = /^\/library\/[A-Za-z0-9_-]{1,32}\/[A-Za-z0-9_-]{1,64}(?:\.html)?\/?$/;

/**
 * The built file (relative to the site folder) to serve for `urlPath` when no file matches
 * it, or null when the path has no fallback (the 404 page applies).
 */
export function fallbackFor(urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent((urlPath.split(/[?#]/)[0] ?? '').trim());
  } catch {
    return null;
  }
  if (!DOCUMENT_PATH.test(path)) return null;
  if (/^\/library\/fallback(?:\/|\.html|$)/.test(path)) return null;
  return 'library/fallback.html';
}

export interface SitemapEntry {
  /** Site path, e.g. `/library/3/0a1b2c3d4e5f6a7b`. */
  path: string;
  /** Last modification time (any date string `Date` parses); omitted when absent or invalid. */
  lastmod?: string | null;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (s: string): string => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

function isoDate(v: string | null | undefined): string {
  if (!v) return '';
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

function urlXml(base: string, e: SitemapEntry, priority: string): string {
  const lastmod = isoDate(e.lastmod);
  const path = e.path.startsWith('/') ? e.path : `/${e.path}`;
  return `<url><loc>${xml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}<changefreq>daily</changefreq><priority>${priority}</priority></url>`;
}

/**
 * `<urlset>` with the home page, /library and `pages` (e.g. categories) first, then every
 * document and article. `domain` is the site's absolute base (`https://example.com`); paths
 * stay relative when it is empty.
 */
export function buildSitemap(
  documents: readonly SitemapEntry[],
  articles: readonly SitemapEntry[],
  domain: string,
  pages: readonly SitemapEntry[] = [],
): string {
  const base = domain.trim().replace(/\/+$/, '');
  const newest =
    [...documents, ...articles]
      .map((e) => isoDate(e.lastmod))
      .filter(Boolean)
      .sort()
      .at(-1) ?? null;
  const urls = [
    urlXml(base, { path: '/', lastmod: newest }, '1.0'),
    urlXml(base, { path: '/library', lastmod: newest }, '0.9'),
    ...pages.map((p) => urlXml(base, p, '0.8')),
    ...documents.map((d) => urlXml(base, d, '0.7')),
    ...articles.map((a) => urlXml(base, a, '0.7')),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
