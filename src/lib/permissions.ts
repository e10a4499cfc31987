/**
 * Permissions in the browser: the groups of the permission editor (by API service, spec §3) and the
 * admin pages a permission list unlocks, both read from the page table of lib/admin-pages.ts.
 */
import type { Permission } from '../api/types.ts';
import { ADMIN_PAGES, PERMISSION_SERVICES } from './admin-pages.ts';
import type { AdminPage } from './admin-pages.ts';

type PermissionLike = Pick<Partial<Permission>, 'path' | 'method'>;

const serviceLabel = (key: string): string | undefined =>
  Object.hasOwn(PERMISSION_SERVICES, key) ? PERMISSION_SERVICES[key as keyof typeof PERMISSION_SERVICES] : undefined;

/**
 * Group key of a permission. GRPC paths are `/api.v1.UserAPI/ListUser` → `User`;
 * any other path is grouped by its fourth segment: `/api/v1/upload/banner` → `upload`.
 */
export function permissionGroupKey(p: PermissionLike): string {
  const path = p.path ?? '';
  if (p.method === 'GRPC') {
    const service = path.split('/')[1] ?? '';
    return service.replace(/^api\.v1\./, '').replace(/API$/, '');
  }
  return path.split('/')[3] ?? '';
}

export interface PermissionGroup<P extends PermissionLike = Permission> {
  key: string;
  label: string;
  permissions: P[];
}

/** The module a permission belongs to, in Chinese (文档管理…), for the permission screens. */
export const permissionModule = (p: PermissionLike): string => {
  const key = permissionGroupKey(p);
  return serviceLabel(key) ?? key;
};

/** Permissions grouped for the permission editor: known services in table order, then unknown ones. */
export function groupPermissions<P extends PermissionLike>(list: readonly P[]): PermissionGroup<P>[] {
  const byKey = new Map<string, P[]>();
  for (const p of list) {
    const key = permissionGroupKey(p);
    const bucket = byKey.get(key);
    if (bucket) bucket.push(p);
    else byKey.set(key, [p]);
  }
  const known = Object.keys(PERMISSION_SERVICES).filter((k) => byKey.has(k));
  const unknown = [...byKey.keys()].filter((k) => serviceLabel(k) === undefined);
  return [...known, ...unknown].map((key) => ({ key, label: serviceLabel(key) ?? key, permissions: byKey.get(key) ?? [] }));
}

/** The routed pages of `pages` that the held permissions open; a section with any child opened. */
function openedPages(pages: readonly AdminPage[], held: ReadonlySet<string>): string[] {
  return pages.flatMap((p) => {
    if (p.children) {
      const inner = openedPages(p.children, held);
      return inner.length && !p.menuOnly ? [p.path, ...inner] : inner;
    }
    return p.permission?.some((name) => held.has(name)) ? [p.path] : [];
  });
}

/** Admin pages unlocked by a permission list (never the always-allowed ones). */
export function allowedPagesFrom(list: readonly PermissionLike[]): string[] {
  return openedPages(ADMIN_PAGES, new Set(list.map((p) => p.path ?? '')));
}
