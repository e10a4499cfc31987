/** The back-office sidebar (screens §8.1), read from the page table of lib/admin-pages.ts. */
import { ADMIN_PAGES, ALWAYS_ALLOWED_ADMIN_PAGES } from './admin-pages.ts';
import type { AdminPage } from './admin-pages.ts';

function visible(pages: readonly AdminPage[]): AdminPage[] {
  return pages.filter((p) => !p.hidden).map((p) => (p.children ? { ...p, children: visible(p.children) } : p));
}

/** The sidebar's entries: every page but those reached from another screen. */
export const ADMIN_MENU: readonly AdminPage[] = visible(ADMIN_PAGES);

/**
 * Keeps the items the user may open. The always-allowed pages (dashboard, navigation)
 * count as allowed because the menu is only shown to signed-in users; a section whose
 * children are all filtered out disappears.
 */
export function filterMenu(menu: readonly AdminPage[], allowedPages: readonly string[]): AdminPage[] {
  const allowed = new Set([...allowedPages, ...ALWAYS_ALLOWED_ADMIN_PAGES]);
  const out: AdminPage[] = [];
  for (const item of menu) {
    if (item.children) {
      const children = filterMenu(item.children, allowedPages);
      if (children.length) out.push({ ...item, children });
    } else if (allowed.has(item.path)) {
      out.push({ ...item });
    }
  }
  return out;
}
