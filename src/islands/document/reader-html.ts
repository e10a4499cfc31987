/**
 * Page reader markup (screens §5.3): page images `/view/page/<hash>/<n><ext>`, the
 * continue-reading / preview-end area and the toolbar. HTML strings shared by the static
 * document page (build) and the fallback shell (browser).
 */
import type { Document } from '../../api/document.ts';
import type { Settings } from '../../api/types.ts';
import { formatBytes } from '../../lib/size.ts';
import { escapeHtml } from '../common/shell-html.ts';
import { priceText } from '../library/card-html.ts';

/** Pages shown before any 继续阅读 click. */
export const INITIAL_PAGES = 2;
/** `display.pages_per_read` when the setting is missing (moredoc's backend default). */
export const DEFAULT_PAGES_PER_READ = 5;

/** Extension of the rendered pages: `.gzip.svg` for compressed SVG, else `preview_ext` (default `.svg`). */
export function pageExt(doc: Pick<Document, 'preview_ext' | 'enable_gzip'>): string {
  const ext = doc.preview_ext || '.svg';
  return ext === '.svg' && doc.enable_gzip ? '.gzip.svg' : ext;
}

export function pageUrl(doc: Document, n: number): string {
  return `/view/page/${encodeURIComponent(doc.attachment?.hash ?? '')}/${n}${pageExt(doc)}`;
}

/** Pages that may be read online: `preview` (0 = all), never more than `pages`. */
export function previewLimit(doc: Pick<Document, 'pages' | 'preview'>): number {
  return doc.preview > 0 ? Math.min(doc.preview, doc.pages) : doc.pages;
}

export const pagesPerRead = (s: Settings): number => (s.display.pages_per_read > 0 ? s.display.pages_per_read : DEFAULT_PAGES_PER_READ);

export const canRead = (doc: Document): boolean => doc.status === 2 && doc.pages > 0 && Boolean(doc.attachment?.hash);

/** One page image; the first two load eagerly, the rest lazily. */
export function pageImgHtml(doc: Document, n: number): string {
  const size = doc.width > 0 && doc.height > 0 ? ` width="${doc.width}" height="${doc.height}"` : '';
  const testid = n === 1 ? ' data-testid="doc-page-1"' : '';
  const loading = n <= INITIAL_PAGES ? 'eager' : 'lazy';
  return `<img src="${escapeHtml(pageUrl(doc, n))}" alt="第 ${n} 页" data-page="${n}"${testid}${size} loading="${loading}" decoding="async" class="block h-auto w-full bg-white shadow-sm">`;
}

export function pagesHtml(doc: Document, from: number, to: number): string {
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(pageImgHtml(doc, n));
  return out.join('');
}

const btn = 'inline-flex items-center gap-1 rounded-md border border-neutral-200 bg-white px-3 py-1.5 text-sm text-neutral-700 hover:border-primary-400 hover:text-primary-700 disabled:opacity-50';
const primary = 'inline-flex items-center gap-1 rounded-md bg-primary-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-primary-700 disabled:opacity-60';

/** Below the pages: 继续阅读 while preview pages remain, else the preview-end note; always a download button. */
export function readerEndHtml(doc: Document, shown: number, settings: Settings): string {
  const limit = previewLimit(doc);
  const parts: string[] = [];
  if (shown < limit) {
    parts.push(`<p class="text-neutral-500">共 ${doc.pages} 页，还有 ${limit - shown} 页可预览</p>`);
    parts.push(`<button type="button" data-continue data-testid="doc-continue" class="${primary}">继续阅读</button>`);
  } else if (doc.pages > limit) {
    parts.push(`<p class="text-neutral-600" data-preview-end>预览结束，下载后可阅读全部 ${doc.pages} 页</p>`);
  } else if (doc.pages > 0) {
    parts.push(`<p class="text-neutral-400">- 已阅读全部 ${doc.pages} 页 -</p>`);
  }
  parts.push(`<p class="text-neutral-500">下载文档到本地，方便使用</p>`);
  parts.push(`<button type="button" data-download class="${primary}">下载文档（${escapeHtml(priceText(doc.price, settings))}）</button>`);
  return parts.join('');
}

const icon = (d: string): string =>
  `<svg viewBox="0 0 24 24" class="h-4 w-4" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${d}"/></svg>`;

/** Sticky toolbar: zoom, full screen, page indicator, favourite, share, report, price and download. */
export function toolbarHtml(doc: Document, settings: Settings): string {
  return [
    `<div class="sticky bottom-0 z-30 flex flex-wrap items-center gap-2 border-t border-neutral-200 bg-white/95 px-3 py-2 backdrop-blur" data-toolbar>`,
    `<button type="button" data-zoom="out" class="${btn}" aria-label="缩小" title="缩小">${icon('M5 12h14')}</button>`,
    `<button type="button" data-zoom="in" class="${btn}" aria-label="放大" title="放大">${icon('M12 5v14M5 12h14')}</button>`,
    `<button type="button" data-fullscreen class="${btn}">${icon('M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5')}<span data-fullscreen-label>全屏阅读</span></button>`,
    `<span class="px-2 text-sm tabular-nums text-neutral-600" data-page-indicator aria-live="polite">${doc.pages ? 1 : 0} / ${doc.pages}</span>`,
    `<button type="button" data-favorite data-testid="doc-favorite" aria-pressed="false" class="${btn}">${icon('M12 17.3 5.8 21l1.6-7L2 9.3l7.1-.6L12 2l2.9 6.7 7.1.6-5.4 4.7 1.6 7z')}<span data-favorite-label>收藏</span></button>`,
    `<button type="button" data-share data-testid="doc-share" class="${btn}">${icon('M4 12v8h16v-8M12 3v13M7 8l5-5 5 5')}分享</button>`,
    `<button type="button" data-report data-testid="doc-report" class="${btn}">${icon('M4 21V4h12l-2 4 2 4H4')}举报</button>`,
    `<span class="ml-auto text-sm font-medium ${doc.price > 0 ? 'text-orange-600' : 'text-primary-600'}" data-doc-price>${escapeHtml(priceText(doc.price, settings))}</span>`,
    `<button type="button" data-download data-testid="doc-download" class="${primary}">${icon('M12 4v12m0 0-5-5m5 5 5-5M4 20h16')}下载文档（${formatBytes(doc.size)}）</button>`,
    `</div>`,
  ].join('');
}

/** The reader card: pages (first two rendered), the end area and the toolbar; a notice when not readable. */
export function readerHtml(doc: Document, settings: Settings): string {
  const readable = canRead(doc);
  const shown = readable ? Math.min(INITIAL_PAGES, previewLimit(doc)) : 0;
  const pages = readable
    ? `<div data-pages class="mx-auto flex w-full max-w-none flex-col gap-3 transition-[width]">${pagesHtml(doc, 1, shown)}</div>`
    : `<div data-pages class="mx-auto w-full"></div><p class="py-10 text-center text-sm text-neutral-500">当前文档暂时无法在线预览，建议您下载到本地进行阅读。</p>`;
  return [
    `<section class="mt-4 rounded-lg bg-white shadow-sm" aria-label="文档阅读">`,
    `<div data-reader class="overflow-x-auto bg-neutral-100 p-3 [&:fullscreen]:overflow-y-auto [&:fullscreen]:p-6" data-shown="${shown}">`,
    pages,
    `<div data-reader-end class="flex flex-col items-center gap-3 py-6 text-sm">${readable ? readerEndHtml(doc, shown, settings) : ''}</div>`,
    `</div>`,
    toolbarHtml(doc, settings),
    `</section>`,
  ].join('');
}
