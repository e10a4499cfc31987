/**
 * Document cards of the library lists (screens §5.2): rendered at build time (Astro `set:html`)
 * and again in the browser after a live refresh, so both always agree.
 */
import type { Document } from '../../contract/document.ts';
import type { Settings } from '../../api/types.ts';
import { html, raw } from '../../domain/html.ts';
import { documentUrl } from '../../domain/urls.ts';
import { formatBytes } from '../../lib/size.ts';
import type { CategoryIndex } from '../../lib/tree.ts';
import { countsHtml, coverThumbHtml, emptyHtml, fileIconHtml, priceHtml, starsHtml, timeHtml, vipBadgeHtml } from '../parts.ts';

export interface CardContext {
  settings: Settings;
  byId: CategoryIndex;
}

export function documentCardHtml(doc: Document, ctx: CardContext): string {
  const desc =
    ctx.settings.display.show_document_descriptions && doc.description.trim()
      ? html`<p class="mt-1 line-clamp-2 text-sm text-neutral-500">${doc.description}</p>`
      : '';
  const meta = [
    priceHtml(doc.price, ctx.settings),
    html`<span>${doc.pages} 页</span>`,
    html`<span>${formatBytes(doc.size)}</span>`,
    starsHtml(doc),
    countsHtml(doc, ctx.settings),
    timeHtml(doc.created_at),
  ];
  return html`<li class="flex gap-3 border-b border-neutral-100 py-4 last:border-0" data-doc-card>${raw(coverThumbHtml(doc))}<div class="min-w-0 flex-1"><h2 class="flex items-center gap-2 text-base font-medium">${raw(fileIconHtml(doc.ext, 18))}<a href="${documentUrl(doc, ctx.byId)}" title="${doc.title}" class="truncate text-neutral-800 hover:text-primary-600">${doc.title}</a>${raw(vipBadgeHtml(doc, ctx.settings))}</h2>${raw(desc)}<p class="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-neutral-500">${raw(meta)}</p></div></li>`;
}

/** The list, or the empty state. */
export function documentListHtml(docs: readonly Document[], ctx: CardContext): string {
  if (!docs.length) return emptyHtml('暂无数据');
  return html`<ul>${raw(docs.map((d) => documentCardHtml(d, ctx)))}</ul>`;
}

/** Distinct keywords of the listed documents (the page's meta keywords and keyword cloud). */
export function aggregateKeywords(docs: readonly Document[], max = 30): string[] {
  const words = docs.flatMap((d) =>
    d.keywords
      .split(/[,，、]/)
      .map((w) => w.trim())
      .filter(Boolean),
  );
  return [...new Set(words)].slice(0, max);
}

/** 关键词 card: each keyword searches in a new tab (nofollow). */
export function keywordsHtml(words: readonly string[]): string {
  if (!words.length) return '';
  const tags = words.map(
    (w) =>
      html`<a href="/search?wd=${encodeURIComponent(w)}" target="_blank" rel="noopener nofollow" class="max-w-full truncate rounded bg-neutral-100 px-2 py-1 text-xs text-neutral-600 hover:bg-primary-50 hover:text-primary-700">${w}</a>`,
  );
  return html`<h2 class="mb-3 text-sm font-semibold text-neutral-700">关键词</h2><div class="flex flex-wrap gap-2">${raw(tags)}</div>`;
}
