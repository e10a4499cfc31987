/**
 * The pagers of the public pages, as HTML strings. Links carry `data-page` so a page script can
 * take them over; without script they are plain links.
 * - `pagerHtml`: 上一页 · 1 … 4 5 [6] 7 8 … 20 · 下一页 (search and user pages);
 * - `countedPagerHtml`: 共 N 篇 · 上一页 · up to five numbers · 下一页 (library and article lists).
 */
import { attrs, html, raw } from '../domain/html.ts';

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

type Href = (p: number) => string;

/** One page link; `extra` (trusted markup such as a data attribute) goes on it too. */
const link = (href: Href, p: number, label: string, cls: string, extra: string, more: Record<string, string> = {}): string =>
  html`<a href="${href(p)}" data-page="${p}"${raw(extra ? ` ${extra}` : '')} class="${cls}"${attrs(more)}>${label}</a>`;

/**
 * `href(p)` builds each page's URL. Nothing when everything fits on one page.
 * `extra` goes on every link (e.g. a data attribute naming the list).
 */
export function pagerHtml(page: number, total: number, size: number, href: Href, extra = ''): string {
  const pages = Math.ceil(Math.max(0, total) / size);
  if (pages <= 1) return '';
  const current = Math.min(Math.max(1, page), pages);
  const items = pageWindow(current, pages).map((p) =>
    p === 0
      ? '<span class="px-1 text-neutral-400" aria-hidden="true">…</span>'
      : p === current
        ? html`<span class="${CURRENT}" aria-current="page">${p}</span>`
        : link(href, p, String(p), IDLE, extra),
  );
  const prev =
    current > 1 ? link(href, current - 1, '上一页', IDLE, extra, { rel: 'prev' }) : html`<span class="${OFF}">上一页</span>`;
  const next =
    current < pages ? link(href, current + 1, '下一页', IDLE, extra, { rel: 'next' }) : html`<span class="${OFF}">下一页</span>`;
  return html`<nav class="flex flex-wrap items-center justify-center gap-1.5 text-sm" aria-label="分页">${raw(prev)}${raw(items)}${raw(next)}</nav>`;
}

/** 共 N 篇, 上一页, up to five page numbers, 下一页; only the count when everything fits on one page. */
export function countedPagerHtml(page: number, total: number, size: number, href: Href): string {
  const pages = Math.ceil(total / size);
  if (pages <= 1) return total ? html`<p class="text-sm text-neutral-500">共 ${total} 篇</p>` : '';
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const to = Math.min(pages, from + 4);
  const base = 'rounded border px-3 py-1';
  const item = (p: number, label: string, disabled = false): string => {
    if (disabled) return html`<span class="${base} border-neutral-200 text-neutral-300">${label}</span>`;
    const current = p === page;
    const cls = current
      ? `${base} border-primary-600 bg-primary-600 text-white`
      : `${base} border-neutral-200 text-neutral-600 hover:text-primary-600`;
    return link(href, p, label, cls, '', current ? { 'aria-current': 'page' } : {});
  };
  const nums: string[] = [];
  for (let p = from; p <= to; p++) nums.push(item(p, String(p)));
  return html`<nav class="flex flex-wrap items-center gap-2 text-sm" aria-label="分页"><span class="mr-2 text-neutral-500">共 ${total} 篇</span>${raw(item(page - 1, '上一页', page <= 1))}${raw(nums)}${raw(item(page + 1, '下一页', page >= pages))}</nav>`;
}
