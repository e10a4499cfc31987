/**
 * Every back-office route (spec §2) and its section title (screens §4: "{title} - site").
 * Shared by the pre-rendered shells (`src/pages/admin/[...path].astro`) and the island router.
 */
import { ADMIN_MENU } from '../../lib/admin-menu.ts';
import type { AdminMenuItem } from '../../lib/admin-menu.ts';
import { CONFIG_TABS } from '../../lib/admin-pages.ts';

/** Paths below /admin; '' is /admin itself. */
export const ADMIN_SUBPATHS: readonly string[] = [
  '',
  'dashboard',
  'document',
  'document/list',
  'document/upload',
  'document/recycle',
  'document/searchrecord',
  'document/language',
  'document/category',
  'article',
  'article/set',
  'article/list',
  'article/recycle',
  'article/category',
  'user',
  'user/list',
  'user/sms',
  'user/vip',
  'user/group',
  'user/permission',
  'user/punishment',
  'order',
  'banner',
  'navigation',
  'friendlink',
  'advertisement',
  'comment',
  'feedback',
  'attachment',
  'report',
  'config',
  ...CONFIG_TABS.map((t) => `config/${t}`),
];

export const adminPath = (sub: string): string => (sub ? `/admin/${sub}` : '/admin');

export const ADMIN_PATHS: readonly string[] = ADMIN_SUBPATHS.map(adminPath);

function collectTitles(items: readonly AdminMenuItem[], out: Record<string, string>): Record<string, string> {
  for (const item of items) {
    out[item.path ?? item.key] = item.label;
    if (item.children) collectTitles(item.children, out);
  }
  return out;
}

const TITLES: Record<string, string> = {
  ...collectTitles(ADMIN_MENU, {}),
  '/admin': '面板',
  '/admin/article/set': '发布文章',
};

/** Section title of an admin path ('管理后台' when unknown). */
export function adminTitle(path: string): string {
  return TITLES[path] ?? '管理后台';
}

/** Section pages that only lead to their first allowed child. */
export const SECTION_PATHS: readonly string[] = ['/admin/document', '/admin/article', '/admin/user', '/admin/config'];
