/** Tabs of /admin/config/<tab> (spec §2). */
export const CONFIG_TABS = [
  'system',
  'display',
  'footer',
  'security',
  'converter',
  'download',
  'score',
  'email',
  'captcha',
  'pay',
  'oauth',
  'vip',
  // not among the spec's tabs: SMS codes (issue 12) need a provider and limits somewhere
  'sms',
  // issue 26: scheduled backups, as Discourse has them under its settings
  'backup',
] as const;
export type ConfigTab = (typeof CONFIG_TABS)[number];

/**
 * Admin pages any signed-in user may open (spec §2/§6: /admin, the dashboard and the
 * navigation page need no permission). They are added when checking a route but never
 * count towards "is admin", otherwise every member would be an admin.
 */
export const ALWAYS_ALLOWED_ADMIN_PAGES: readonly string[] = ['/admin', '/admin/dashboard', '/admin/navigation'];

/** Drops query, hash and trailing slashes: `/admin/user/` → `/admin/user`. */
export function normalizePath(path: string): string {
  let p = path.split(/[?#]/)[0] ?? '';
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p || '/';
}

/** Whether a signed-in user with these permission-derived pages may open `path`. */
export function isAdminPageAllowed(path: string, allowedPages: readonly string[]): boolean {
  const p = normalizePath(path);
  return ALWAYS_ALLOWED_ADMIN_PAGES.includes(p) || allowedPages.includes(p);
}
