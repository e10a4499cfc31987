/**
 * Client-side title rule: pages declare their page name on `<html data-page-name>` (the
 * home page sets `data-title-mode="home"`); when live settings rename the site, the
 * title follows without a rebuild. Islands with their own routes call `setPageName`.
 */
import type { Settings } from '../api/types.ts';
import { pageTitle } from './title.ts';
import { $settings } from '../stores/settings.ts';

/** Home: system title or site name; elsewhere `page - site name`. */
export function titleFor(settings: Settings, pageName: string, home: boolean): string {
  const { title, sitename } = settings.system;
  return home ? title.trim() || sitename : pageTitle(pageName, sitename);
}

export function applyTitle(settings: Settings = $settings.get()): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  const next = titleFor(settings, root.dataset.pageName ?? '', root.dataset.titleMode === 'home');
  if (next && document.title !== next) document.title = next;
}

export function setPageName(name: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.pageName = name;
  applyTitle();
}
