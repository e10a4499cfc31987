/**
 * Document cards of the library lists (screens §5.2) as HTML strings: rendered at build time
 * (Astro `set:html`) and again in the browser after a live refresh, so both always agree.
 * Every server string goes through escapeHtml.
 */
import type { Document } from '../../api/document.ts';
import type { Settings } from '../../api/types.ts';
import { fileKind, fileKindLabel } from '../../domain/file-kind.ts';
import { formatBytes } from '../../lib/size.ts';
import { escapeHtml } from '../../domain/html.ts';
import { documentUrl } from '../../domain/urls.ts';
import { formatDatetime, relativeTime } from '../../domain/time.ts';
import type { CategoryIndex } from '../../lib/tree.ts';

export interface CardContext {
  settings: Settings;
  byId: CategoryIndex;
}

export const creditName = (s: Settings): string => s.system.credit_name.trim() || '魔豆';

/** 免费, or `N 魔豆` with the configured credit name. */
export function priceText(price: number, settings: Settings): string {
  return price > 0 ? `${price} ${creditName(settings)}` : '免费';
}

export const fileIconHtml = (ext: string, size = 40): string =>
  `<img src="/icons/filetype/${fileKind(ext)}.svg" alt="${escapeHtml(fileKindLabel(ext))}" width="${size}" height="${size}" class="shrink-0" style="width:${size}px;height:${size}px" loading="lazy">`;

/** Star bar for a score stored ×100; `fallback` (×100) when unrated (spec: lists 3.0, detail 4.0). */
export function starsHtml(score: number, fallback = 300): string {
  const value = (score > 0 ? score : fallback) / 100;
  const pct = Math.max(0, Math.min(100, value * 20));
  return `<span class="inline-flex items-center gap-1" title="评分 ${value.toFixed(1)}"><span class="relative inline-block leading-none text-neutral-300" aria-hidden="true">★★★★★<span class="absolute inset-0 overflow-hidden whitespace-nowrap text-amber-400" style="width:${pct}%">★★★★★</span></span><span>${value.toFixed(1)}</span></span>`;
}

/** The counters the display settings allow (views, downloads, favourites). */
export function countsHtml(doc: Document, settings: Settings): string {
  const d = settings.display;
  const parts: string[] = [];
  if (d.show_document_view_count) parts.push(`<span>浏览 ${doc.view_count}</span>`);
  if (d.show_document_download_count) parts.push(`<span>下载 ${doc.download_count}</span>`);
  if (d.show_document_favorite_count) parts.push(`<span>收藏 ${doc.favorite_count}</span>`);
  return parts.join('');
}

export const timeHtml = (t: string): string =>
  t ? `<time datetime="${escapeHtml(t)}" title="${escapeHtml(formatDatetime(t))}">${escapeHtml(relativeTime(t))}</time>` : '';

export function documentCardHtml(doc: Document, ctx: CardContext): string {
  const href = escapeHtml(documentUrl(doc, ctx.byId));
  const title = escapeHtml(doc.title);
  const desc = ctx.settings.display.show_document_descriptions && doc.description.trim()
    ? `<p class="mt-1 line-clamp-2 text-sm text-neutral-500">${escapeHtml(doc.description)}</p>`
    : '';
  const price = `<span class="${doc.price > 0 ? 'text-orange-600' : 'text-primary-600'}">${escapeHtml(priceText(doc.price, ctx.settings))}</span>`;
  const meta = [price, `<span>${doc.pages} 页</span>`, `<span>${formatBytes(doc.size)}</span>`, starsHtml(doc.score), countsHtml(doc, ctx.settings), timeHtml(doc.created_at)];
  return `<li class="flex gap-3 border-b border-neutral-100 py-4 last:border-0" data-doc-card>${fileIconHtml(doc.ext)}<div class="min-w-0 flex-1"><h3 class="truncate text-base font-medium"><a href="${href}" title="${title}" class="text-neutral-800 hover:text-primary-600">${title}</a></h3>${desc}<p class="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-neutral-500">${meta.join('')}</p></div></li>`;
}

/** The list, or the empty state. */
export function documentListHtml(docs: readonly Document[], ctx: CardContext): string {
  if (!docs.length) return '<p class="py-16 text-center text-sm text-neutral-400">暂无数据</p>';
  return `<ul>${docs.map((d) => documentCardHtml(d, ctx)).join('')}</ul>`;
}

/** Distinct keywords of the listed documents (the page's meta keywords and keyword cloud). */
export function aggregateKeywords(docs: readonly Document[], max = 30): string[] {
  const words = docs.flatMap((d) => d.keywords.split(/[,，、]/).map((w) => w.trim()).filter(Boolean));
  return [...new Set(words)].slice(0, max);
}

/** 关键词 card: each keyword searches in a new tab (nofollow). */
export function keywordsHtml(words: readonly string[]): string {
  if (!words.length) return '';
  const tags = words
    .map((w) => `<a href="/search?wd=${encodeURIComponent(w)}" target="_blank" rel="noopener nofollow" class="rounded bg-neutral-100 px-2 py-1 text-xs text-neutral-600 hover:bg-primary-50 hover:text-primary-700">${escapeHtml(w)}</a>`)
    .join('');
  return `<h2 class="mb-3 text-sm font-semibold text-neutral-700">关键词</h2><div class="flex flex-wrap gap-2">${tags}</div>`;
}
