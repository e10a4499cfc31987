import { PageError, pageNotFoundMessage } from './page-error.ts';

/** Login page carrying the originally requested path (spec §2). */
export function loginRedirect(path: string): string {
  return `/auth/login?redirect=${encodeURIComponent(path)}`;
}

/**
 * Member area (spec §5): every path starting with /member, plus /vip/checkout which the
 * spec lists with the member routes, needs a token. Returns where to go, or null to stay.
 */
export function memberGuard(path: string, token: string | null | undefined): string | null {
  const needsLogin = path.startsWith('/member') || path.startsWith('/vip/checkout');
  return needsLogin && !token ? loginRedirect(path) : null;
}

/** Admin = at least one permission-derived page under /admin (spec §6). */
export function isAdminPages(pages: readonly string[]): boolean {
  return pages.some((p) => p.startsWith('/admin'));
}

/**
 * Runs a page's validity check (spec §5): anything but `true` is fatal; a number is
 * taken as the status to show, otherwise 404.
 */
export function assertPageValid(check: () => boolean | number, fullPath: string): void {
  const result = check();
  if (result === true) return;
  const status = typeof result === 'number' && Number.isInteger(result) && result > 0 ? result : 404;
  throw new PageError(pageNotFoundMessage(fullPath), status);
}

export { PageError, pageNotFoundMessage } from './page-error.ts';
