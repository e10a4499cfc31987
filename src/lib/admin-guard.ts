/** The back office's guard; apart from lib/guards.ts so public pages do not load the admin page table. */
import { isAdminPageAllowed } from './admin-pages.ts';
import { loginRedirect } from './guards.ts';

/**
 * Admin area (spec §5): no token → login with redirect; a path (without trailing slash)
 * that is neither permission-derived nor always allowed → home.
 */
export function adminGuard(path: string, token: string | null | undefined, allowedPages: readonly string[]): string | null {
  if (!path.startsWith('/admin')) return null;
  if (!token) return loginRedirect(path);
  return isAdminPageAllowed(path, allowedPages) ? null : '/';
}
