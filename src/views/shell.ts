/**
 * Markup of the live parts of the global shell (navigation, footer). The same functions render
 * at build time (Astro `set:html`) and in the browser when live settings or navigation differ
 * from the build, so both always agree.
 */
import type { Settings } from '../api/types.ts';
import { attrs, html, raw } from '../domain/html.ts';
import type { RawHtml } from '../domain/html.ts';
import { isSafeUrl } from '../lib/safe-url.ts';
import type { NavNode } from '../lib/tree.ts';

const SAFE_COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\([\d\s.,%]+\))$/i;

/** `href`/`target`/`rel` attributes for a configured link, or null when it must not be a link. */
export function linkAttrs(href: string, target = ''): string | null {
  const url = href.trim();
  if (!url || !isSafeUrl(url, { allowExternal: true })) return null;
  const blank = target === '_blank';
  const external = /^(https?:)?\/\//i.test(url);
  const rel = [blank ? 'noopener noreferrer' : '', external ? 'nofollow' : ''].filter(Boolean).join(' ');
  return html`href="${url}"${blank && raw(' target="_blank"')}${attrs({ rel })}`;
}

/** Route path of a page URL: no `.html`, no trailing `/index` or slash ('/' for home). */
export function normalizePath(pathname: string): string {
  return (
    pathname
      .replace(/\.html$/, '')
      .replace(/\/index$/, '')
      .replace(/\/+$/, '') || '/'
  );
}

function isActive(href: string, current: string): boolean {
  if (!href.startsWith('/')) return false;
  if (href === '/') return current === '/';
  return current === href || current.startsWith(`${href}/`);
}

function itemHtml(node: NavNode, variant: 'bar' | 'list', depth: number, current: string): string {
  const link = linkAttrs(node.href, node.target);
  const color: RawHtml | '' = node.color && SAFE_COLOR.test(node.color) ? attrs({ style: `color:${node.color}` }) : '';
  const active = isActive(node.href, current);
  const hasChildren = node.children.length > 0;
  const caret = hasChildren && variant === 'bar' && raw('<span aria-hidden="true" class="ml-1 text-xs">▾</span>');
  const cls =
    variant === 'bar'
      ? depth === 0
        ? `flex items-center h-14 px-3 text-sm whitespace-nowrap ${active ? 'text-primary-600 font-semibold' : 'text-neutral-700 hover:text-primary-600'}`
        : `block px-4 py-2 text-sm whitespace-nowrap ${active ? 'text-primary-600' : 'text-neutral-700 hover:bg-primary-50 hover:text-primary-700'}`
      : `block py-2 text-sm ${active ? 'text-primary-600 font-semibold' : 'text-neutral-700'}`;
  const label = link
    ? html`<a ${raw(link)} class="${cls}"${color}${active && raw(' aria-current="page"')}>${node.title}${caret}</a>`
    : html`<span class="${cls}"${color}>${node.title}${caret}</span>`;
  if (!hasChildren) return html`<li class="nav-item relative">${raw(label)}</li>`;
  const children = raw(node.children.map((c) => itemHtml(c, variant, depth + 1, current)));
  const sub =
    variant === 'bar'
      ? html`<ul class="nav-sub absolute ${depth === 0 ? 'left-0 top-full' : 'left-full top-0'} z-40 hidden min-w-40 rounded-md border border-neutral-200 bg-white py-1 shadow-lg">${children}</ul>`
      : html`<ul class="pl-4">${children}</ul>`;
  return html`<li class="nav-item relative">${raw(label)}${raw(sub)}</li>`;
}

/** `<li>` items of the navigation tree (enabled items only, as the store keeps them). */
export function navHtml(tree: readonly NavNode[], variant: 'bar' | 'list', current: string): string {
  return tree.map((n) => itemHtml(n, variant, 0, current)).join('');
}

export const FOOTER_LINKS = [
  ['about', '关于我们'],
  ['agreement', '文库协议'],
  ['contact', '联系我们'],
  ['feedback', '意见反馈'],
  ['copyright', '免责声明'],
] as const;

/** The configured footer links (关于我们, 文库协议, …) that are safe to link. */
export function footerLinksHtml(settings: Settings, cls: string): string {
  return FOOTER_LINKS.map(([key, label]) => {
    const link = linkAttrs(settings.footer[key]);
    return link ? html`<a ${raw(link)} class="${cls}">${label}</a>` : '';
  }).join('');
}

/** "2019 - 2026", or one year when the start is missing, invalid or not earlier. */
export function copyrightYears(start: string, current: number): string {
  const from = Number.parseInt(start, 10);
  return Number.isFinite(from) && from > 1900 && from < current ? `${from} - ${current}` : String(current);
}

/** Footer body: link bar, copyright statement (HTML from display settings), © line, records. */
export function footerHtml(settings: Settings, year: number): string {
  const { system, display } = settings;
  const link = 'hover:text-white';
  const links = footerLinksHtml(settings, link);
  const parts: string[] = [];
  if (links)
    parts.push(
      html`<nav class="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm" aria-label="页脚链接">${raw(links)}</nav>`,
    );
  if (display.copyright_statement.trim()) {
    // admin-configured rich text, shown as the site's own HTML (spec §7)
    parts.push(
      html`<div class="rich-html mt-4 text-xs leading-relaxed text-neutral-300">${raw(display.copyright_statement)}</div>`,
    );
  }
  const line = [
    html`<span>© ${copyrightYears(system.copyright_start_year, year)} <a href="/" class="${link}" data-site-name>${system.sitename}</a></span>`,
    html`<a href="/sitemap.xml" class="${link}">站点地图</a>`,
  ];
  if (system.icp.trim()) {
    line.push(
      html`<a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer nofollow" class="${link}">${system.icp}</a>`,
    );
  }
  if (system.sec_icp.trim()) {
    const href = `http://www.beian.gov.cn/portal/registerSystemInfo?recordcode=${system.sec_icp.replace(/\D/g, '')}`;
    line.push(html`<a href="${href}" target="_blank" rel="noopener noreferrer nofollow" class="${link}">${system.sec_icp}</a>`);
  }
  parts.push(
    html`<p class="mt-4 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-xs text-neutral-300">${raw(line)}</p>`,
  );
  return parts.join('');
}
