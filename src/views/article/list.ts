/**
 * Article list markup (screens §5.4) as HTML strings: rendered at build time (Astro `set:html`)
 * and again in the browser after a live refresh, so both always agree. Every server string
 * goes through escapeHtml.
 */
import type { Article } from '../../api/article.ts';
import { formatDatetime, relativeTime } from '../../domain/time.ts';
import { escapeHtml } from '../../domain/html.ts';
import { articleUrl } from '../../domain/urls.ts';

export const ARTICLE_PAGE_SIZE = 10;
/** Recommended articles shown at once, and how many are fetched for 换一批. */
export const RECOMMEND_BATCH = 8;
export const RECOMMEND_POOL = 24;

/** Relative time with the full date and time on hover. */
export const timeHtml = (t: string): string =>
  t ? `<time datetime="${escapeHtml(t)}" title="${escapeHtml(formatDatetime(t))}">${escapeHtml(relativeTime(t))}</time>` : '';

/** The display author: the article's own author field, else the publishing user, else the site. */
export function authorName(a: Article, siteName: string): string {
  return a.author.trim() || a.user.username || siteName;
}

export const recommendBadge = '<span class="ml-2 inline-block shrink-0 rounded bg-orange-100 px-1.5 py-0.5 align-middle text-xs font-normal text-orange-700">推荐</span>';

export function articleItemHtml(a: Article, siteName: string): string {
  const href = escapeHtml(articleUrl(a));
  const title = escapeHtml(a.title);
  const desc = a.description.trim() ? `<p class="mt-1 line-clamp-2 text-sm text-neutral-500">${escapeHtml(a.description)}</p>` : '';
  const meta = [
    `<span>${escapeHtml(authorName(a, siteName))}</span>`,
    timeHtml(a.created_at),
    `<span>阅读 ${a.view_count}</span>`,
    a.comment_count ? `<span>评论 ${a.comment_count}</span>` : '',
  ];
  return `<li class="border-b border-neutral-100 py-4 last:border-0" data-article-item><h3 class="text-base font-medium"><a href="${href}" title="${title}" class="text-neutral-800 hover:text-primary-600" data-testid="article-link">${title}</a>${a.recommend_at ? recommendBadge : ''}</h3>${desc}<p class="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-neutral-500">${meta.join('')}</p></li>`;
}

/** The list, or the empty state. */
export function articleListHtml(articles: readonly Article[], siteName: string): string {
  if (!articles.length) return '<p class="py-16 text-center text-sm text-neutral-400">暂无文章</p>';
  return `<ul>${articles.map((a) => articleItemHtml(a, siteName)).join('')}</ul>`;
}

/** Page from a query string (`?page=3`); 1 when absent or invalid. */
export function pageFromQuery(search: string): number {
  const n = Number.parseInt(new URLSearchParams(search).get('page') ?? '1', 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

export const pageHref = (pathname: string, page: number): string => (page > 1 ? `${pathname}?page=${page}` : pathname);

/** 共 N 篇, 上一页, up to five page numbers, 下一页. Links carry `data-page` for the page script. */
export function articlePaginationHtml(page: number, total: number, pathname: string): string {
  const pages = Math.ceil(total / ARTICLE_PAGE_SIZE);
  if (pages <= 1) return total ? `<p class="text-sm text-neutral-500">共 ${total} 篇</p>` : '';
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const to = Math.min(pages, from + 4);
  const base = 'rounded border px-3 py-1';
  const link = (p: number, label: string, disabled = false): string => {
    if (disabled) return `<span class="${base} border-neutral-200 text-neutral-300">${label}</span>`;
    const current = p === page;
    const cls = current ? `${base} border-primary-600 bg-primary-600 text-white` : `${base} border-neutral-200 text-neutral-600 hover:text-primary-600`;
    return `<a href="${escapeHtml(pageHref(pathname, p))}" data-page="${p}" class="${cls}"${current ? ' aria-current="page"' : ''}>${label}</a>`;
  };
  const nums: string[] = [];
  for (let p = from; p <= to; p++) nums.push(link(p, String(p)));
  return `<nav class="flex flex-wrap items-center gap-2 text-sm" aria-label="分页"><span class="mr-2 text-neutral-500">共 ${total} 篇</span>${link(page - 1, '上一页', page <= 1)}${nums.join('')}${link(page + 1, '下一页', page >= pages)}</nav>`;
}

/** A short linked list of articles (recommended, related): title with its view count. */
export function articleLinksHtml(articles: readonly Article[]): string {
  return articles
    .map((a) => `<li class="flex items-start justify-between gap-2 text-sm"><a href="${escapeHtml(articleUrl(a))}" title="${escapeHtml(a.title)}" class="line-clamp-2 min-w-0 text-neutral-700 hover:text-primary-600">${escapeHtml(a.title)}</a><span class="shrink-0 text-xs text-neutral-400">${a.view_count} 阅读</span></li>`)
    .join('');
}
