/**
 * Static-site helpers shared by the server and the build (no Node-only imports):
 * - fallbackFor: which pre-rendered shell answers a page path that has no built file
 *   (documents newer than the last build → `library/fallback.html`, status 200);
 * - buildUrlset / buildSitemapIndex: the sitemap's parts and its index (src/build/sitemap.ts).
 */

import { siteBase } from '../../domain/urls.ts';

/** `/library/<category>/<document uuid>` (optionally `.html` or a trailing slash). */
const DOCUMENT_PATH = /^\/library\/[A-Za-z0-9_-]{1,32}\/[A-Za-z0-9_-]{1,64}(?:\.html)?\/?$/;

/** The decoded path of a request URL, without its query and fragment; null when it does not decode. */
export function pagePath(urlPath: string): string | null {
  try {
    return decodeURIComponent((urlPath.split(/[?#]/)[0] ?? '').trim());
  } catch {
    return null;
  }
}

/**
 * The built file (relative to the site folder) to serve for `urlPath` when no file matches
 * it, or null when the path has no fallback (the 404 page applies).
 */
export function fallbackFor(urlPath: string): string | null {
  const path = pagePath(urlPath);
  if (path === null || !DOCUMENT_PATH.test(path)) return null;
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

/** The newest valid lastmod of the entries, or null. */
export function newestLastmod(entries: readonly SitemapEntry[]): string | null {
  let newest = '';
  for (const e of entries) {
    const d = isoDate(e.lastmod);
    if (d > newest) newest = d;
  }
  return newest || null;
}

/**
 * One `<urlset>` part of the sitemap (at most 50,000 entries, src/build/sitemap.ts). `domain` is
 * the site's absolute base (`https://example.com`); paths stay relative when it is empty.
 */
export function buildUrlset(entries: readonly (SitemapEntry & { priority?: string })[], domain: string): string {
  const base = siteBase(domain);
  const urls = entries.map((e) => urlXml(base, e, e.priority ?? '0.7'));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** `/sitemap.xml`: the index of the parts, each with the newest lastmod of its entries. */
export function buildSitemapIndex(parts: readonly SitemapEntry[], domain: string): string {
  const base = siteBase(domain);
  const items = parts.map((p) => {
    const lastmod = isoDate(p.lastmod);
    return `<sitemap><loc>${xml(base + p.path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}
