/**
 * Document page markup (screens §5.3): the static page renders it at build time, the fallback
 * shell renders the same in the browser.
 */
import type { Document } from '../../contract/document.ts';
import type { Settings } from '../../api/types.ts';
import { fileKindLabel } from '../../domain/file-kind.ts';
import { html, raw } from '../../domain/html.ts';
import { DOCUMENT_STATUS, documentStatusLabel } from '../../domain/status.ts';
import { formatDatetime } from '../../domain/time.ts';
import { categoryChain, deepestCategory, userUrl } from '../../domain/urls.ts';
import type { CategoryIndex } from '../../lib/tree.ts';
import { breadcrumbHtml, fileIconHtml, libraryCrumbs, priceText, vipBadgeHtml } from '../parts.ts';
import { dialogsHtml } from './dialogs.ts';
import { metaHtml } from './meta.ts';
import { readerHtml } from './reader-shell.ts';

export interface DocViewContext {
  settings: Settings;
  byId: CategoryIndex;
  /** Text of the first preview pages (build time, for SEO); empty → the description. */
  texts: readonly string[];
}

/** Longest overview text put into the page. */
const OVERVIEW_MAX = 6000;
const SCORE_TEXTS = ['该文档令人失望', '不怎么样', '一般般', '很让我满意', '非常棒'];

const card = 'mt-4 rounded-lg bg-white p-4 shadow-sm';

/** A line that ends a paragraph: sentence-final punctuation (Chinese or Western). */
const PARAGRAPH_END = /[。！？；：…!?;:”」』）)]$/;

/**
 * Page text as paragraphs: extracted text breaks at every printed line, so lines are joined
 * until one ends a sentence or a blank line comes (a space only between two Latin words).
 */
export function textParagraphs(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (!line) {
      if (cur) out.push(cur);
      cur = '';
      continue;
    }
    cur = !cur ? line : /[A-Za-z0-9,]$/.test(cur) && /^[A-Za-z0-9]/.test(line) ? `${cur} ${line}` : cur + line;
    if (PARAGRAPH_END.test(line)) {
      out.push(cur);
      cur = '';
    }
  }
  if (cur) out.push(cur);
  return out;
}

function overviewHtml(doc: Document, texts: readonly string[]): string {
  const source = texts.length ? texts : [doc.description || doc.title];
  let left = OVERVIEW_MAX;
  const paras: string[] = [];
  for (const p of source.flatMap(textParagraphs)) {
    if (left <= 0) break;
    const chars = [...p];
    paras.push(html`<p>${chars.slice(0, left).join('')}</p>`);
    left -= chars.length;
  }
  return paras.join('');
}

function descriptionsHtml(doc: Document, ctx: DocViewContext): string {
  const overview = overviewHtml(doc, ctx.texts);
  const long = overview.length > 400;
  const body = html`<div data-overview class="space-y-2 text-sm leading-relaxed text-neutral-600 ${long ? 'max-h-32 overflow-hidden' : ''}">${raw(overview)}</div>${long && raw('<button type="button" data-overview-toggle class="mt-2 text-sm text-primary-600 hover:underline">展开内容</button>')}`;
  if (!ctx.settings.display.show_document_descriptions) {
    return html`<details class="${card} text-sm"><summary class="cursor-pointer text-neutral-600">文档概览</summary><div class="mt-3">${raw(body)}</div></details>`;
  }
  // what the facts line above does not say (uploader, time, size, pages, counters and the live score are there)
  const lang = ctx.settings.language.find((l) => l.code === doc.language);
  const rows: Array<[string, string]> = [
    ['格式', html`${fileKindLabel(doc.ext)}（${doc.ext || '-'}）`],
    ['价格', html`${priceText(doc.price, ctx.settings)}`],
    ...(lang ? [['语言', html`${lang.language}`] as [string, string]] : []),
  ];
  const dl = rows.map(
    ([k, v]) =>
      html`<div class="flex gap-2"><dt class="text-neutral-400">${k}</dt><dd class="text-neutral-700">${raw(v)}</dd></div>`,
  );
  return html`<section class="${card}" aria-label="文档信息"><dl class="flex flex-wrap gap-x-8 gap-y-2 text-sm">${raw(dl)}</dl><h2 class="mt-4 mb-2 text-sm font-semibold text-neutral-700">概览</h2>${raw(body)}</section>`;
}

function ratingHtml(): string {
  const stars = SCORE_TEXTS.map(
    (t, i) =>
      html`<button type="button" data-score-star="${i + 1}" title="${t}" aria-label="${i + 1} 星：${t}" class="text-2xl leading-none text-neutral-300 hover:text-amber-400 disabled:cursor-default">★</button>`,
  );
  return html`<section class="${card}" aria-label="文档评分"><h2 class="text-sm font-semibold text-neutral-700" data-score-title>文档评分</h2><div class="mt-2 flex items-center gap-1" data-score>${raw(stars)}<span class="ml-3 text-sm text-neutral-500" data-score-note></span></div></section>`;
}

/** 上传者 card: who shared the document and when (the right column is never empty); the page script adds his latest uploads. */
function uploaderHtml(doc: Document): string {
  const name = doc.username || doc.user?.username || '';
  if (!doc.user_id || !name) return '';
  const initial = [...name][0] ?? '';
  return html`<section class="rounded-lg bg-white p-4 shadow-sm" data-uploader aria-label="上传者"><h2 class="mb-3 text-sm font-semibold text-neutral-700">上传者</h2><a href="${userUrl(doc.user_id)}" class="flex items-center gap-3 hover:text-primary-600"><span class="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700" aria-hidden="true">${initial}</span><span class="min-w-0"><span class="block truncate text-neutral-800">${name}</span><span class="block text-xs text-neutral-500">${formatDatetime(doc.created_at, 'YYYY-MM-DD')} 上传分享</span></span></a><div class="mt-3 border-t border-neutral-100 pt-3" data-uploads hidden><h3 class="mb-2 text-xs text-neutral-500">TA 的最新上传</h3><ul class="space-y-2" data-uploads-list></ul></div></section>`;
}

/** A list of the right column, filled by the page script (related documents, else hot ones). */
const sideListHtml = (title: string, key: 'related' | 'hot'): string =>
  html`<section class="rounded-lg bg-white p-4 shadow-sm" data-${key} hidden><h2 class="mb-3 text-sm font-semibold text-neutral-700">${title}</h2><ul class="space-y-2" data-${key}-list></ul></section>`;

/**
 * Why a failed document has no preview, for its uploader and the reviewers (the only readers of a failed
 * document): the server sends the uploader the reason in plain words, the reviewers with the tool's detail.
 */
function failureHtml(doc: Document): string {
  if (doc.status !== DOCUMENT_STATUS.failed) return '';
  return html`<span class="mt-1 block break-words" data-convert-error>失败原因：${doc.convert_error || '未记录失败原因'}</span><span class="mt-1 block text-amber-700">可修复文件后重新上传；管理员可在后台“文档管理”中重新转换。</span>`;
}

/** The whole document view: header, ad slots, descriptions, reader, rating, comments mount, related list. */
export function documentViewHtml(doc: Document, ctx: DocViewContext): string {
  const chain = categoryChain(deepestCategory(doc.category_id, ctx.byId), ctx.byId);
  // in the markup either way: the managing bar (scripts/document/manage.ts) shows or hides it
  const recommended = raw(
    `<span class="mt-1 shrink-0 rounded bg-orange-100 px-1.5 py-0.5 text-xs font-normal text-orange-700" data-doc-recommended${doc.recommend_at ? '' : ' hidden'}>推荐</span>`,
  );
  const warning =
    doc.status !== DOCUMENT_STATUS.converted &&
    raw(
      html`<p class="${card} border border-amber-200 bg-amber-50 text-sm text-amber-800" role="alert">当前文档【${documentStatusLabel(doc.status)}】，暂时无法正常提供预览，建议您下载到本地进行阅读。${raw(failureHtml(doc))}</p>`,
    );
  return html`<div class="mx-auto max-w-6xl px-4 py-6" data-document-view data-document-id="${doc.id}"><div class="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]"><article class="min-w-0"><header class="rounded-lg bg-white p-4 shadow-sm">${raw(breadcrumbHtml(libraryCrumbs(chain, '文档阅览')))}<h1 class="mt-3 flex items-start gap-2 text-xl font-bold text-neutral-800">${raw(fileIconHtml(doc.ext, 28))}<span class="min-w-0 break-words" data-doc-title>${doc.title}</span>${raw(vipBadgeHtml(doc, ctx.settings, 'mt-1'))}${recommended}</h1><p class="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-neutral-500" data-doc-meta>${raw(metaHtml(doc, ctx.settings))}</p><p class="mt-2 flex flex-wrap items-center gap-2 text-sm" data-document-manage data-testid="document-manage" hidden></p></header>${warning}<div data-ad-slot="document_top" class="mt-4" hidden></div>${raw(descriptionsHtml(doc, ctx))}${raw(readerHtml(doc, ctx.settings))}<div data-ad-slot="document_bottom" class="mt-4" hidden></div>${raw(ratingHtml())}<div id="document-comments" data-document-comments data-document-id="${doc.id}"></div></article><aside class="min-w-0 space-y-4">${raw(uploaderHtml(doc))}${raw(sideListHtml('相关文档', 'related'))}${raw(sideListHtml('热门文档', 'hot'))}</aside></div>${raw(dialogsHtml(doc))}</div>`;
}
