/**
 * Page reader markup needed at run time (screens §5.3): page images
 * `/view/page/<hash>/<n><ext>` and the continue-reading / preview-end area. The reader
 * frame and toolbar (rendered once) live in reader-shell.ts.
 */
import type { Document, PageText } from '../../contract/document.ts';
import type { Settings } from '../../api/types.ts';
import { attrs, html, raw } from '../../domain/html.ts';
import { DOCUMENT_STATUS } from '../../domain/status.ts';
import { priceText } from '../parts.ts';

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

export const pagesPerRead = (s: Settings): number =>
  s.display.pages_per_read > 0 ? s.display.pages_per_read : DEFAULT_PAGES_PER_READ;

export const canRead = (doc: Document): boolean =>
  doc.status === DOCUMENT_STATUS.converted && doc.pages > 0 && Boolean(doc.attachment?.hash);

/** One page image; the first two load eagerly, the rest lazily. */
export function pageImgHtml(doc: Document, n: number): string {
  const sized = doc.width > 0 && doc.height > 0;
  return html`<img src="${pageUrl(doc, n)}" alt="第 ${n} 页" data-page="${n}"${attrs({ 'data-testid': n === 1 && 'doc-page-1', width: sized && doc.width, height: sized && doc.height })} loading="${n <= INITIAL_PAGES ? 'eager' : 'lazy'}" decoding="async" class="block h-auto w-full bg-white shadow-sm">`;
}

export function pagesHtml(doc: Document, from: number, to: number): string {
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(pageImgHtml(doc, n));
  return out.join('');
}

export const primary =
  'inline-flex items-center gap-1 rounded-md bg-primary-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-primary-700 disabled:opacity-60';

/** Below the pages: 继续阅读 while preview pages remain, else the preview-end note; always a download button. */
export function readerEndHtml(doc: Document, shown: number, settings: Settings): string {
  const limit = previewLimit(doc);
  const parts: string[] = [];
  if (shown < limit) {
    parts.push(html`<p class="text-neutral-500">共 ${doc.pages} 页，还有 ${limit - shown} 页可预览</p>`);
    parts.push(html`<button type="button" data-continue data-testid="doc-continue" class="${primary}">继续阅读</button>`);
  } else if (doc.pages > limit) {
    parts.push(html`<p class="text-neutral-600" data-preview-end>预览结束，下载后可阅读全部 ${doc.pages} 页</p>`);
  } else if (doc.pages > 0) {
    parts.push(html`<p class="text-neutral-400">- 已阅读全部 ${doc.pages} 页 -</p>`);
  }
  parts.push('<p class="text-neutral-500">下载文档到本地，方便使用</p>');
  parts.push(html`<button type="button" data-download class="${primary}">下载文档（${priceText(doc.price, settings)}）</button>`);
  return parts.join('');
}

const CJK_END = /[\u3000-\u9fff\uff00-\uffef]$/;
const CJK_START = /^[\u3000-\u9fff\uff00-\uffef]/;

/** Stored page text is one line (whitespace folded): long runs are cut after a sentence end near this length. */
const PARAGRAPH_CHARS = 120;
const SENTENCE_END = /[。！？!?；]|\.(?=\s)/g;

/** Cuts a long run of text after the first sentence end past PARAGRAPH_CHARS, again and again. */
function sentences(block: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of block.matchAll(SENTENCE_END)) {
    const end = m.index + m[0].length;
    if (end - start >= PARAGRAPH_CHARS) {
      out.push(block.slice(start, end).trim());
      start = end;
    }
  }
  out.push(block.slice(start).trim());
  return out.filter(Boolean);
}

/**
 * A page's extracted text as paragraphs for a narrow screen: blank lines end a paragraph, the
 * line breaks inside one are the page's layout and go (Chinese lines join without a space), and
 * a long run is cut after a sentence end so that a phone shows readable paragraphs.
 */
export function reflow(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .reduce((acc, line) => (!acc ? line : CJK_END.test(acc) || CJK_START.test(line) ? acc + line : `${acc} ${line}`), ''),
    )
    .flatMap(sentences);
}

/** Text mode: one article per page, its paragraphs reflowed. */
export function textPagesHtml(pages: readonly PageText[]): string {
  return pages
    .map((p) => {
      const paragraphs = reflow(p.text);
      const body = paragraphs.length
        ? paragraphs.map((t) => html`<p class="mb-3 indent-8 leading-7">${t}</p>`)
        : [html`<p class="text-neutral-400">（本页没有可显示的文字）</p>`];
      return html`<article data-page="${p.page}" data-testid="doc-text-page" class="rounded bg-white px-4 py-3 text-base text-neutral-800 shadow-sm"><h3 class="mb-2 text-xs text-neutral-400">第 ${p.page} 页</h3>${raw(body)}</article>`;
    })
    .join('');
}

/** Offered above the pages when the reader stopped at a later page last time. */
export const resumeHtml = (page: number): string =>
  html`<button type="button" data-resume-page="${page}" data-testid="doc-resume" class="${primary}">继续上次阅读（第 ${page} 页）</button>`;
