/**
 * Fallback shell of the user home pages (no Node-only imports): users the last build did
 * not pre-render (`/user/<id>`, also moredoc's `/user/<id>/document` and `/user/<id>/article`)
 * are answered with `user/fallback.html` (status 200); its island loads the user live.
 */
import { pagePath } from './fallback.ts';

/** `/user/<numeric id>` with an optional tab segment, `.html` or trailing slash. */
const USER_PATH = /^\/user\/[1-9]\d{0,14}(?:\/(?:document|article))?(?:\.html)?\/?$/;

/**
 * The built file (relative to the site folder) to serve for `urlPath` when no file matches
 * it, or null when the path is no user page (the 404 page applies).
 */
export function userFallbackFor(urlPath: string): string | null {
  const path = pagePath(urlPath);
  return path !== null && USER_PATH.test(path) ? 'user/fallback.html' : null;
}
