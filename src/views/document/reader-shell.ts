/**
 * Reader frame and toolbar (screens §5.3): rendered by the build for static document pages and
 * by the fallback shell in the browser; never needed by page scripts.
 */
import type { Document } from '../../contract/document.ts';
import type { Settings } from '../../api/types.ts';
import { html, raw } from '../../domain/html.ts';
import { DOCUMENT_STATUS } from '../../domain/status.ts';
import { formatBytes } from '../../lib/size.ts';
import { priceText } from '../parts.ts';
import { canRead, INITIAL_PAGES, pagesHtml, previewLimit, primary, readerEndHtml } from './reader.ts';

const btn =
  'inline-flex shrink-0 items-center gap-1 rounded-md border border-neutral-200 bg-white px-2 py-1.5 text-sm text-neutral-700 hover:border-primary-400 hover:text-primary-700 disabled:opacity-50 sm:px-3';
/** Zoom and full screen are for large screens: a phone pinches and is already full screen. */
const wideBtn = btn.replace('inline-flex', 'hidden sm:inline-flex');

const icon = (d: string) =>
  raw(
    html`<svg viewBox="0 0 24 24" class="h-4 w-4" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${d}"/></svg>`,
  );

/** A button label that only large screens show (the icon stands for it on a phone; screen readers read it). */
const label = (text: string, attr = '') => raw(`<span class="sr-only sm:not-sr-only"${attr}>${text}</span>`);

/**
 * Sticky toolbar: zoom, full screen, page indicator, text mode, favourite, share, report and
 * download (with the price). One row on a 390 px phone: icons only there, zoom and full screen hidden.
 */
export function toolbarHtml(doc: Document, settings: Settings): string {
  return (
    html`<div class="sticky bottom-0 z-30 flex flex-nowrap items-center gap-1.5 border-t border-neutral-200 bg-white/95 px-3 py-2 backdrop-blur sm:gap-2" data-toolbar>` +
    html`<button type="button" data-zoom="out" class="${wideBtn}" aria-label="缩小" title="缩小">${icon('M5 12h14')}</button>` +
    html`<button type="button" data-zoom="in" class="${wideBtn}" aria-label="放大" title="放大">${icon('M12 5v14M5 12h14')}</button>` +
    html`<button type="button" data-fullscreen class="${wideBtn}">${icon('M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5')}<span data-fullscreen-label>全屏阅读</span></button>` +
    html`<span class="shrink-0 px-1 text-sm tabular-nums text-neutral-600 sm:px-2" data-page-indicator aria-live="polite">${doc.pages ? 1 : 0} / ${doc.pages}</span>` +
    html`<button type="button" data-text-mode data-testid="doc-text-mode" aria-pressed="false" title="文字模式：页面文字按屏幕宽度重排" class="${btn}">${icon('M4 6h16M4 12h16M4 18h10')}${label('文字', ' data-text-mode-label')}</button>` +
    html`<button type="button" data-favorite data-testid="doc-favorite" aria-pressed="false" class="${btn}">${icon('M12 17.3 5.8 21l1.6-7L2 9.3l7.1-.6L12 2l2.9 6.7 7.1.6-5.4 4.7 1.6 7z')}${label('收藏', ' data-favorite-label')}</button>` +
    html`<button type="button" data-share data-testid="doc-share" class="${btn}">${icon('M4 12v8h16v-8M12 3v13M7 8l5-5 5 5')}${label('分享')}</button>` +
    html`<button type="button" data-report data-testid="doc-report" class="${btn}">${icon('M4 21V4h12l-2 4 2 4H4')}${label('举报')}</button>` +
    html`<button type="button" data-download data-testid="doc-download" title="文件大小 ${formatBytes(doc.size)}" class="ml-auto shrink-0 whitespace-nowrap ${primary.replace('px-4', 'px-2.5 sm:px-4')}">${icon('M12 4v12m0 0-5-5m5 5 5-5M4 20h16')}<span>下载<span class="hidden sm:inline">文档</span>（<span data-doc-price>${priceText(doc.price, settings)}</span>）</span></button>` +
    '</div>'
  );
}

/** What the reader shows instead of pages, by the document's status. */
function notReadable(status: number): string {
  if (status === DOCUMENT_STATUS.failed) return '文档转换失败，无法在线预览（原因见上方）。';
  if (([DOCUMENT_STATUS.pending, DOCUMENT_STATUS.converting, DOCUMENT_STATUS.reconvert] as number[]).includes(status))
    return '文档正在转换，完成后即可在线阅读。';
  if (status === DOCUMENT_STATUS.review) return '文档正在等待审核，审核通过并转换后即可在线阅读。';
  return '当前文档暂时无法在线预览，建议您下载到本地进行阅读。';
}

/** The reader card: pages (first two rendered), the end area and the toolbar; a notice when not readable. */
export function readerHtml(doc: Document, settings: Settings): string {
  const readable = canRead(doc);
  const shown = readable ? Math.min(INITIAL_PAGES, previewLimit(doc)) : 0;
  const pages = readable
    ? html`<div data-pages class="mx-auto flex w-full max-w-none flex-col gap-3 transition-[width]">${raw(pagesHtml(doc, 1, shown))}</div>`
    : html`<div data-pages class="mx-auto w-full"></div><p class="py-10 text-center text-sm text-neutral-500">${notReadable(doc.status)}</p>`;
  return html`<section class="mt-4 rounded-lg bg-white shadow-sm" aria-label="文档阅读"><div data-reader class="overflow-x-auto bg-neutral-100 p-3 [&:fullscreen]:overflow-y-auto [&:fullscreen]:p-6" data-shown="${shown}"><div data-resume hidden class="mb-3 text-center"></div>${raw(pages)}<div data-text-pages hidden class="mx-auto flex w-full max-w-3xl flex-col gap-3"></div><div data-reader-end class="flex flex-col items-center gap-3 py-6 text-sm">${readable && raw(readerEndHtml(doc, shown, settings))}</div></div>${raw(toolbarHtml(doc, settings))}</section>`;
}
