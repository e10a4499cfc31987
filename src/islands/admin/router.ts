/** In-island navigation for the back office: one route per admin path, no full reloads. */
import { createRouter } from '@nanostores/router';
import { ADMIN_ROUTES } from '../../lib/admin-pages.ts';

const routes: Record<string, string> = Object.fromEntries(ADMIN_ROUTES.map((p) => [p.path, p.path]));

/** Route names are the paths themselves (`/admin/user/list`). Links are not hijacked: menus call `go`. */
export const $adminRouter = createRouter(routes, { links: false });

/** Opens an admin URL (path plus optional query) inside the island. */
export function go(url: string, replace = false): void {
  $adminRouter.open(url, replace);
}

/** True for a plain left click that the island should handle itself (not a new-tab click). */
export function isPlainClick(e: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

// a deliberate exit (logout) keeps the guard from redirecting elsewhere meanwhile
export { isLeaving, markLeaving } from '../../lib/navigate.ts';
