/**
 * Numbered pager (上一页 · 1 … 4 5 [6] 7 8 … 20 · 下一页) as an HTML string, shared by the search
 * and user pages. Links carry `data-page` so a page script can take them over; without script
 * they are plain links.
 */
import { escapeHtml } from '../domain/html.ts';

const BASE = 'inline-flex min-w-8 items-center justify-center rounded border px-2.5 py-1';
const IDLE = `${BASE} border-neutral-200 bg-white text-neutral-600 hover:border-primary-500 hover:text-primary-600`;
const CURRENT = `${BASE} border-primary-600 bg-primary-600 text-white`;
const OFF = `${BASE} border-neutral-200 text-neutral-300`;

/** Page numbers to show: first, last and a window around the current page; 0 marks a gap. */
export function pageWindow(page: number, pages: number, around = 2): number[] {
  if (pages <= 1) return pages === 1 ? [1] : [];
  let from = Math.max(2, page - around);
  let to = Math.min(pages - 1, page + around);
  // a gap of a single page shows that page instead of '…'
  if (from === 3) from = 2;
  if (to === pages - 2) to = pages - 1;
  const out: number[] = [1];
  if (from > 2) out.push(0);
  for (let p = from; p <= to; p++) out.push(p);
  if (to < pages - 1) out.push(0);
  out.push(pages);
  return out;
}

/**
 * `href(p)` builds each page's URL. Nothing when everything fits on one page.
 * `extra` goes on every link (e.g. a data attribute naming the list).
 */
export function pagerHtml(page: number, total: number, size: number, href: (p: number) => string, extra = ''): string {
  const pages = Math.ceil(Math.max(0, total) / size);
  if (pages <= 1) return '';
  const current = Math.min(Math.max(1, page), pages);
  const link = (p: number, label: string, cls: string, aria = ''): string =>
    `<a href="${escapeHtml(href(p))}" data-page="${p}"${extra ? ` ${extra}` : ''} class="${cls}"${aria}>${label}</a>`;
  const items = pageWindow(current, pages).map((p) =>
    p === 0
      ? '<span class="px-1 text-neutral-400" aria-hidden="true">…</span>'
      : p === current
        ? `<span class="${CURRENT}" aria-current="page">${p}</span>`
        : link(p, String(p), IDLE),
  );
  const prev = current > 1 ? link(current - 1, '上一页', IDLE, ' rel="prev"') : `<span class="${OFF}">上一页</span>`;
  const next = current < pages ? link(current + 1, '下一页', IDLE, ' rel="next"') : `<span class="${OFF}">下一页</span>`;
  return `<nav class="flex flex-wrap items-center justify-center gap-1.5 text-sm" aria-label="分页">${prev}${items.join('')}${next}</nav>`;
}
