/**
 * Search results (screens §5.6): summary line, document and article hits with highlighted title
 * and snippet (sanitised, see highlight.ts), links to the matching reader pages, the empty
 * state, the prompt and the related keywords.
 */
import type { SearchArticle, SearchDocument } from '../../api/search.ts';
import type { Settings } from '../../api/types.ts';
import { html, raw } from '../../domain/html.ts';
import { articleUrl, documentPageUrl, documentUrl, searchUrl, userUrl } from '../../domain/urls.ts';
import type { ParentIndex } from '../../domain/urls.ts';
import { formatBytes } from '../../lib/size.ts';
import { coverThumbHtml, priceHtml, timeHtml, vipBadgeHtml } from '../parts.ts';
import { highlightText, safeHighlight } from './highlight.ts';
import type { SearchState } from './state.ts';

/** Hit-page links shown per document; the rest are summed up. */
export const MAX_HIT_LINKS = 8;

const MARK = '[&_em]:not-italic [&_em]:text-red-600';

export interface ResultContext {
  settings: Settings;
  byId: ParentIndex;
}

export function summaryHtml(spend: string, total: number): string {
  return html`<p data-testid="search-spend" class="text-sm text-neutral-500">本次搜索耗时 <span class="font-medium text-neutral-700">${spend}</span> 秒，为您找到相关结果约 <span class="font-medium text-neutral-700">${total}</span> 个</p>`;
}

function hitPagesHtml(doc: SearchDocument, byId: ParentIndex): string {
  const pages = doc.hit_pages ?? [];
  if (!pages.length) return '';
  const links = pages
    .slice(0, MAX_HIT_LINKS)
    .map(
      (p) =>
        html`<a href="${documentPageUrl(doc, p, byId)}" data-testid="search-hit-page" class="rounded border border-primary-200 bg-primary-50 px-1.5 py-0.5 text-primary-700 hover:bg-primary-100">第 ${p} 页</a>`,
    );
  const more = pages.length > MAX_HIT_LINKS && raw(html`<span class="text-neutral-400">等 ${pages.length} 页</span>`);
  return html`<p class="mt-2 flex flex-wrap items-center gap-1.5 text-xs"><span class="text-neutral-400">命中页</span>${raw(links)}${more}</p>`;
}

/** The highlighted text (only <em> survives, see highlight.ts), else the plain text escaped. */
const highlighted = (marked: string, plain: string): string => safeHighlight(marked) || html`${plain}`;

function titleLink(href: string, marked: string, plain: string): string {
  return html`<h3 class="truncate text-base font-medium"><a href="${href}" title="${highlightText(marked) || plain}" class="text-secondary-700 hover:text-primary-600 hover:underline ${MARK}">${raw(highlighted(marked, plain))}</a></h3>`;
}

function snippetHtml(snippet: string, fallback: string): string {
  const body = highlighted(snippet, fallback);
  return body ? html`<p class="mt-1 line-clamp-3 text-sm leading-relaxed text-neutral-600 ${MARK}">${raw(body)}</p>` : '';
}

/** The words a looser result lacks, struck through (as the big search engines show them). */
function missingHtml(words: readonly string[] | undefined): string {
  if (!words?.length) return '';
  const list = words.map((w) => html`<s class="text-neutral-500">${w}</s>`);
  return html`<p data-testid="search-missing" class="mt-1 text-xs text-neutral-400">缺少：${raw(list.join(' '))}</p>`;
}

/** Before the first result lacking a word: a line saying the ones below hold only some of the words. */
export function partialNoteHtml(exact: number): string {
  const text = exact ? '以下结果只包含部分关键词' : '没有同时包含全部关键词的结果，以下结果只包含部分关键词';
  return html`<li data-testid="search-partial-note" class="border-b border-neutral-100 py-3 text-sm text-neutral-500">${text}</li>`;
}

/** 您要找的是不是: the corrected query as a link. */
export function suggestHtml(suggest: string, type: 0 | 1): string {
  return suggest
    ? html`<p data-testid="search-suggest" class="mt-1 text-sm text-neutral-600">您要找的是不是：<a href="${searchUrl(suggest, type)}" data-search-link class="font-medium text-secondary-600 hover:underline">${suggest}</a></p>`
    : '';
}

export function documentResultHtml(doc: SearchDocument, ctx: ResultContext): string {
  const { settings } = ctx;
  const meta = [priceHtml(doc.price, settings), html`<span>${doc.pages} 页</span>`, html`<span>${formatBytes(doc.size)}</span>`];
  const vip = vipBadgeHtml(doc, settings);
  if (vip) meta.unshift(vip);
  const views = doc.view_count ?? 0;
  const downloads = doc.download_count ?? 0;
  if (settings.display.show_document_view_count || views > 0) meta.push(html`<span>浏览 ${views}</span>`);
  if (settings.display.show_document_download_count || downloads > 0) meta.push(html`<span>下载 ${downloads}</span>`);
  meta.push(timeHtml(doc.created_at));
  if (doc.username && doc.user_id)
    meta.push(html`<a href="${userUrl(doc.user_id)}" class="hover:text-primary-600">${doc.username}</a>`);
  return html`<li data-testid="search-result" data-result-kind="document" class="flex gap-3 border-b border-neutral-100 py-4 last:border-0">${raw(coverThumbHtml(doc))}<div class="min-w-0 flex-1">${raw(titleLink(documentUrl(doc, ctx.byId), doc.title_highlight, doc.title))}${raw(snippetHtml(doc.snippet, doc.description))}${raw(missingHtml(doc.missing_words))}<p class="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-neutral-500">${raw(meta)}</p>${raw(hitPagesHtml(doc, ctx.byId))}</div></li>`;
}

export function articleResultHtml(a: SearchArticle): string {
  const author = a.author || a.username || '';
  const meta = [
    timeHtml(a.created_at),
    a.view_count ? html`<span>阅读 ${a.view_count}</span>` : '',
    author ? html`<span>${author}</span>` : '',
  ];
  return html`<li data-testid="search-result" data-result-kind="article" class="border-b border-neutral-100 py-4 last:border-0">${raw(titleLink(articleUrl(a), a.title_highlight, a.title))}${raw(snippetHtml(a.snippet, a.description))}${raw(missingHtml(a.missing_words))}<p class="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-neutral-500">${raw(meta)}</p></li>`;
}

function wordLinks(words: readonly string[], type: 0 | 1): string {
  return words
    .map(
      (w) =>
        html`<a href="${searchUrl(w, type)}" data-search-link rel="nofollow" class="max-w-full truncate rounded bg-neutral-100 px-2 py-1 text-xs text-neutral-600 hover:bg-primary-50 hover:text-primary-700">${w}</a>`,
    )
    .join('');
}

const hotWords = (words: readonly string[], type: 0 | 1): string =>
  words.length
    ? html`<div data-testid="search-hot" class="mt-4 flex flex-wrap items-center justify-center gap-2"><span class="text-sm text-neutral-400">热门搜索</span>${raw(wordLinks(words, type))}</div>`
    : '';

/** Searches that find something, offered when nothing was found. */
function relatedSearchesHtml(words: readonly string[], type: 0 | 1): string {
  return words.length
    ? html`<div data-testid="search-related-searches" class="mt-6 flex flex-wrap items-center justify-center gap-2"><span class="text-sm text-neutral-500">试试这些搜索</span>${raw(wordLinks(words, type))}</div>`
    : '';
}

/** Recommended items (result markup) shown under an empty result. */
function recommendedHtml(items: readonly string[], type: 0 | 1): string {
  return items.length
    ? html`<section data-testid="search-recommend" class="mt-8 text-left"><h2 class="border-b border-neutral-100 pb-2 text-sm font-semibold text-neutral-700">为您推荐的${type === 1 ? '文章' : '文档'}</h2><ol>${raw(items)}</ol></section>`
    : '';
}

/** No results: what was searched, and ways out (searches that find something, recommended items, hot words). */
export function emptyHtml(
  s: SearchState,
  hasFilters: boolean,
  recommend: readonly string[],
  found: { related?: readonly string[]; items?: readonly string[] } = {},
): string {
  const noun = s.type === 1 ? '文章' : '文档';
  const other = s.type === 1 ? 0 : 1;
  const tips = [
    '<li>请检查输入的关键词是否有错别字</li>',
    '<li>尝试更换关键词，或使用更简短、更常见的词语</li>',
    hasFilters
      ? html`<li><a href="${searchUrl(s.wd, s.type)}" data-search-link class="text-secondary-600 hover:underline">清除所有筛选条件</a>后再试</li>`
      : '',
    html`<li>试试<a href="${searchUrl(s.wd, other)}" data-search-link class="text-secondary-600 hover:underline">搜索${other === 1 ? '文章' : '文档'}</a></li>`,
  ];
  const related = found.related ?? [];
  // the site's hot words as well, less those the server already offers
  const hot = hotWords(
    recommend.filter((w) => !related.includes(w)),
    s.type,
  );
  return html`<div data-testid="search-empty" class="py-12 text-center"><p class="text-base text-neutral-700">没有找到与“<span class="text-red-600">${s.wd}</span>”相关的${noun}</p><ul class="mx-auto mt-4 inline-block list-disc space-y-1 pl-5 text-left text-sm text-neutral-500">${raw(tips)}</ul>${raw(relatedSearchesHtml(related, s.type))}${raw(hot)}${raw(recommendedHtml(found.items ?? [], s.type))}</div>`;
}

/** No keyword yet. */
export function promptHtml(type: 0 | 1, recommend: readonly string[]): string {
  return html`<div data-testid="search-prompt" class="py-16 text-center"><p class="text-base text-neutral-600">请输入关键词，搜索${type === 1 ? '文章' : '文档'}</p>${raw(hotWords(recommend, type))}</div>`;
}

/** Distinct keywords of the found documents (related searches), the query itself left out. */
export function relatedWords(docs: readonly { keywords: string }[], wd: string, max = 20): string[] {
  const self = wd.trim().toLowerCase();
  const words = docs.flatMap((d) =>
    d.keywords
      .split(/[,，、;；|]/)
      .map((w) => w.trim())
      .filter((w) => w && w.length <= 30),
  );
  return [...new Set(words)].filter((w) => w.toLowerCase() !== self).slice(0, max);
}

export function relatedHtml(words: readonly string[], type: 0 | 1): string {
  if (!words.length) return '';
  return html`<h2 class="mb-3 text-sm font-semibold text-neutral-700">相关搜索</h2><div class="flex flex-wrap gap-2">${raw(wordLinks(words, type))}</div>`;
}
