/**
 * The pieces every public list and page is built from, once: file icon, price, stars, counters,
 * relative time, empty state, the meta description and the generic error screen (spec §2).
 * Rendered at build time (Astro `set:html`) and again by the page scripts, so both agree.
 */
import type { Settings } from '../api/types.ts';
import { fileKind, fileKindLabel } from '../domain/file-kind.ts';
import { attrs, html, raw } from '../domain/html.ts';
import { formatDatetime, relativeTime } from '../domain/time.ts';
import { categoryUrl, coverUrl } from '../domain/urls.ts';
import { isVipDocument, creditName as siteCreditName } from '../domain/money.ts';

export const creditName = (s: Settings): string => siteCreditName(s.system.credit_name);

/** 免费, or `N 积分` with the configured credit name. */
export function priceText(price: number, settings: Settings): string {
  return price > 0 ? `${price} ${creditName(settings)}` : '免费';
}

/** The price, orange when it costs credits. */
export const priceHtml = (price: number, settings: Settings): string =>
  html`<span class="${price > 0 ? 'text-orange-700' : 'text-primary-600'}">${priceText(price, settings)}</span>`;

/** VIP特享: a (paid) VIP document while VIP is on (screens §5.2 cover badge, §5.3 title icon). */
export const vipBadgeHtml = (doc: { is_vip?: boolean; price?: number }, settings: Settings, extraClass = ''): string =>
  isVipDocument(doc) && settings.vip.enable
    ? html`<span class="${extraClass} shrink-0 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-normal text-amber-700" title="VIP文档" data-vip-doc>VIP特享</span>`
    : '';

export const fileIconHtml = (ext: string, size = 40): string =>
  html`<img src="/icons/filetype/${fileKind(ext)}.svg" alt="${fileKindLabel(ext)}" width="${size}" height="${size}" class="shrink-0" style="width:${size}px;height:${size}px" loading="lazy">`;

/**
 * Star bar for a score stored ×100. Until someone rates (`score_count` 0; new documents start at
 * a placeholder 300) it says 暂无评分: the spec's placeholder scores (lists 3.0, detail 4.0) read
 * as real ratings nobody gave.
 */
export function starsHtml({ score, score_count }: { score: number; score_count: number }): string {
  if (!(score > 0) || !(score_count > 0)) return html`<span class="text-neutral-400" data-score-value="0">暂无评分</span>`;
  const value = score / 100;
  const pct = Math.max(0, Math.min(100, value * 20));
  return html`<span class="inline-flex items-center gap-1" title="评分 ${value.toFixed(1)}" data-score-value="${value.toFixed(1)}"><span class="relative inline-block leading-none text-neutral-300" aria-hidden="true">★★★★★<span class="absolute inset-0 overflow-hidden whitespace-nowrap text-amber-400" style="width:${pct}%">★★★★★</span></span><span>${value.toFixed(1)}</span></span>`;
}

const THUMB_WIDTH = { sm: 40, md: 64 } as const;

/**
 * Cover thumbnail of a list row (library, category, search and user pages): the 210×297 cover
 * shown whole (object-contain), so a landscape slide keeps its shape; the file icon without one.
 */
export function coverThumbHtml(
  doc: { ext: string; title: string; cover?: string; attachment?: { hash: string } },
  size: keyof typeof THUMB_WIDTH = 'md',
): string {
  const src = coverUrl(doc);
  const w = THUMB_WIDTH[size];
  if (!src) return fileIconHtml(doc.ext, size === 'sm' ? 24 : 40);
  const h = Math.round((w * 297) / 210);
  return html`<img src="${src}" alt="${doc.title}" width="${w}" height="${h}" loading="lazy" data-cover-thumb class="shrink-0 rounded border border-neutral-200 bg-white object-contain" style="width:${w}px;height:${h}px">`;
}

/** The counters the display settings allow (views, downloads, favourites). */
export function countsHtml(
  doc: { view_count: number; download_count: number; favorite_count: number },
  settings: Settings,
): string {
  const d = settings.display;
  const parts: string[] = [];
  if (d.show_document_view_count) parts.push(html`<span data-count="view">浏览 ${doc.view_count}</span>`);
  if (d.show_document_download_count) parts.push(html`<span data-count="download">下载 ${doc.download_count}</span>`);
  if (d.show_document_favorite_count) parts.push(html`<span data-count="favorite">收藏 ${doc.favorite_count}</span>`);
  return parts.join('');
}

/** Relative time with the full date and time on hover. */
export const timeHtml = (t: string): string =>
  t ? html`<time datetime="${t}" title="${formatDatetime(t)}">${relativeTime(t)}</time>` : '';

/** A list's empty state. */
export const emptyHtml = (text: string, testid?: string): string =>
  html`<p class="py-16 text-center text-sm text-neutral-400"${attrs({ 'data-testid': testid })}>${text}</p>`;

/** Meta description: the text with white space folded, cut at `max` characters with "...". */
export function metaDescription(text: string, max = 200): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : chars.join('');
}

export interface ErrorScreen {
  status?: number;
  message?: string;
  back?: { href: string; label: string };
}

/** Generic error screen (spec §2): image (404 or other), 出错啦！, hint text and a way back. */
export function errorScreenHtml({
  status = 404,
  message = status === 404 ? '抱歉，您访问的页面不存在，可能已被删除或地址有误。' : '您访问的页面出现了问题，请稍后再试。',
  back = { href: '/', label: '返回首页' },
}: ErrorScreen = {}): string {
  const image = status === 404 ? '/images/error-404.svg' : '/images/error.svg';
  return html`<section id="error-screen" class="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center" data-status="${status}"><img src="${image}" alt="${status}" width="400" height="260" class="h-auto w-full max-w-sm"><h1 class="mt-6 text-2xl font-bold text-neutral-800">出错啦！</h1><p class="mt-3 text-neutral-500">${message}</p><a href="${back.href}" class="mt-8 inline-flex items-center rounded-md bg-primary-600 px-6 py-2 text-white shadow-sm hover:bg-primary-700">${back.label}</a></section>`;
}

export interface Crumb {
  label: string;
  href?: string;
}

/** Breadcrumbs; the last crumb is the current page (plain text). */
export function breadcrumbHtml(crumbs: readonly Crumb[]): string {
  const last = crumbs.length - 1;
  const items = crumbs.map((c, i) => {
    const sep = i > 0 ? '<span aria-hidden="true" class="text-neutral-300">/</span>' : '';
    const body =
      i === last || !c.href
        ? html`<span class="text-neutral-700" aria-current="page">${c.label}</span>`
        : html`<a href="${c.href}" class="hover:text-primary-600">${c.label}</a>`;
    return html`<li class="flex items-center gap-1">${raw(sep)}${raw(body)}</li>`;
  });
  return html`<nav aria-label="面包屑" class="text-sm text-neutral-500"><ol class="flex flex-wrap items-center gap-1">${raw(items)}</ol></nav>`;
}

/** 首页 / 全部文档 / each ancestor category (screens §5.2, §5.3), then an optional tail label. */
export const libraryCrumbs = (chain: readonly { id: number; title: string }[], tail?: string): Crumb[] => [
  { label: '首页', href: '/' },
  { label: '全部文档', href: '/library' },
  ...chain.map((c) => ({ label: c.title, href: categoryUrl(c.id) })),
  ...(tail ? [{ label: tail }] : []),
];
