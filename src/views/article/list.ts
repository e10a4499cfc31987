/**
 * Article list markup (screens §5.4): rendered at build time (Astro `set:html`) and again in
 * the browser after a live refresh, so both always agree.
 */
import type { ReplyOf } from '../../api/call.ts';
import type { articleGet } from '../../api/generated/article.ts';
import { html, raw } from '../../domain/html.ts';
import { articleUrl } from '../../domain/urls.ts';
import { emptyHtml, timeHtml } from '../parts.ts';

/** An article as GET /article answers it, zero values filled (`content` is sanitised HTML, '' in lists). */
export type Article = ReplyOf<typeof articleGet>;
/** What a short link list shows of an article (GET /article/related answers no more). */
export type ArticleLink = Pick<Article, 'id' | 'identifier' | 'title' | 'view_count'>;

export const ARTICLE_PAGE_SIZE = 10;
/** Recommended articles shown at once, and how many are fetched for 换一批. */
export const RECOMMEND_BATCH = 8;
export const RECOMMEND_POOL = 24;

/** The display author: the article's own author field, else the publishing user, else the site. */
export function authorName(a: Article, siteName: string): string {
  return a.author.trim() || a.user.username || siteName;
}

export const recommendBadge =
  '<span class="ml-2 inline-block shrink-0 rounded bg-orange-100 px-1.5 py-0.5 align-middle text-xs font-normal text-orange-700">推荐</span>';

export function articleItemHtml(a: Article, siteName: string): string {
  const desc = a.description.trim() && raw(html`<p class="mt-1 line-clamp-2 text-sm text-neutral-500">${a.description}</p>`);
  // 收藏 and 评论 once there are any (screens §5.5: 阅读 / 收藏 / 评论)
  const favorites = a.favorite_count > 0 && raw(html`<span>收藏 ${a.favorite_count}</span>`);
  const comments = a.comment_count > 0 && raw(html`<span>评论 ${a.comment_count}</span>`);
  return html`<li class="border-b border-neutral-100 py-4 last:border-0" data-article-item><h2 class="text-base font-medium"><a href="${articleUrl(a)}" title="${a.title}" class="text-neutral-800 hover:text-primary-600" data-testid="article-link">${a.title}</a>${a.recommend_at && raw(recommendBadge)}</h2>${desc}<p class="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-neutral-500"><span>${authorName(a, siteName)}</span>${raw(timeHtml(a.created_at))}<span>阅读 ${a.view_count}</span>${favorites}${comments}</p></li>`;
}

/** The list, or the empty state. */
export function articleListHtml(articles: readonly Article[], siteName: string): string {
  if (!articles.length) return emptyHtml('暂无文章');
  return html`<ul>${raw(articles.map((a) => articleItemHtml(a, siteName)))}</ul>`;
}

/** Page from a query string (`?page=3`); 1 when absent or invalid. */
export function pageFromQuery(search: string): number {
  const n = Number.parseInt(new URLSearchParams(search).get('page') ?? '1', 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

export const pageHref = (pathname: string, page: number): string => (page > 1 ? `${pathname}?page=${page}` : pathname);

/** A short linked list of articles (recommended, related): title with its view count. */
export function articleLinksHtml(articles: readonly ArticleLink[]): string {
  return articles
    .map(
      (a) =>
        html`<li class="flex items-start justify-between gap-2 text-sm"><a href="${articleUrl(a)}" title="${a.title}" class="line-clamp-2 min-w-0 text-neutral-700 hover:text-primary-600">${a.title}</a><span class="shrink-0 text-xs text-neutral-400">${a.view_count} 阅读</span></li>`,
    )
    .join('');
}
