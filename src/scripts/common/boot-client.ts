/**
 * Boot script of every public page: seeds the stores from the build-time payload, runs the
 * start-up sequence (settings → navigation → user; categories alongside) and keeps the
 * static shell (title, site name, logo, navigation, footer) in step with live data.
 */
import type { Settings } from '../../api/types.ts';
import type { NavNode } from '../../lib/tree.ts';
import { iconOrFallback } from '../../lib/title.ts';
import { boot } from '../../stores/boot.ts';
import { $navigation } from '../../stores/navigation.ts';
import { $settings } from '../../stores/settings.ts';
import { applyTitle } from '../../lib/page-title.ts';
import { footerHtml, navHtml, normalizePath } from '../../views/shell.ts';
import { hydrateSiteData } from '../../stores/site-data.ts';

hydrateSiteData();

/** Replaces an element's markup only when the rendered string really changed. */
function renderInto(selector: string, html: string): void {
  document.querySelectorAll<HTMLElement>(selector).forEach((el) => {
    if (el.dataset.rendered === undefined) el.dataset.rendered = html; // what the build rendered
    if (el.dataset.rendered === html) return;
    el.innerHTML = html;
    el.dataset.rendered = html;
  });
}

function applySettings(s: Settings): void {
  applyTitle(s);
  const name = s.system.sitename;
  document.querySelectorAll<HTMLElement>('[data-site-name]').forEach((el) => {
    if (name && el.textContent !== name) el.textContent = name;
  });
  document.querySelectorAll<HTMLImageElement>('img[data-logo-img]').forEach((img) => {
    const logo = s.system.logo.trim();
    img.hidden = !logo;
    if (logo && img.getAttribute('src') !== logo) img.src = logo;
    img.alt = name;
  });
  document.querySelectorAll<HTMLElement>('[data-logo-fallback]').forEach((el) => {
    el.hidden = Boolean(s.system.logo.trim());
  });
  const icon = iconOrFallback(s.system.favicon, s.system.logo);
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link && link.getAttribute('href') !== icon) link.href = icon;
  const footer = document.querySelector<HTMLElement>('[data-footer-body]');
  if (footer) renderInto('[data-footer-body]', footerHtml(s, Number(footer.dataset.year) || new Date().getFullYear()));
}

function applyNavigation(tree: readonly NavNode[]): void {
  const path = normalizePath(location.pathname);
  renderInto('[data-nav="bar"]', navHtml(tree, 'bar', path));
  renderInto('[data-nav="list"]', navHtml(tree, 'list', path));
}

// The first call only records what the build rendered (same data ⇒ same string).
$settings.subscribe(applySettings);
$navigation.subscribe(applyNavigation);

void boot();
