/**
 * Fallback for articles newer than the last build (ARCHITECTURE "Static site and SEO"): an
 * unknown `/article/<category>/detail/<identifier>` path is answered with the pre-rendered
 * shell `article/fallback.html` (status 200), whose island loads the article live. No Node-only
 * imports: the server and the build may both use it.
 */

/** `/article/<category id or _>/detail/<identifier>` (optionally `.html` or a trailing slash). */
const ARTICLE_PATH = /^\/article\/(?:\d{1,12}|_)\/detail\/[A-Za-z0-9_.~%-]{1,192}?(?:\.html)?\/?$/;

/**
 * The built file (relative to the site folder) to serve for `urlPath` when no file matches it,
 * or null when the path is no article detail path (the 404 page applies).
 */
export function articleFallbackFor(urlPath: string): string | null {
  const raw = (urlPath.split(/[?#]/)[0] ?? '').trim();
  if (!ARTICLE_PATH.test(raw)) return null;
  try {
    // a malformed escape is no article of ours
    const id = raw.slice(raw.indexOf('/detail/') + '/detail/'.length).replace(/\/$/, '');
    if (/[/\\]/.test(decodeURIComponent(id))) return null;
  } catch {
    return null;
  }
  return 'article/fallback.html';
}
