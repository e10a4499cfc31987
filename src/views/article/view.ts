/**
 * Article detail markup (screens §5.5) as HTML strings: the static page renders it at build
 * time, the fallback shell renders the same in the browser. Every server string is escaped,
 * except the article body, which the server sanitises (allow-list) before storing it.
 */
import type { Article, ArticleCategory } from '../../api/article.ts';
import { formatDatetime } from '../../domain/time.ts';
import { escapeHtml } from '../../domain/html.ts';
import { articleLinksHtml, authorName, recommendBadge, timeHtml } from './list.ts';
import { articleListUrl, itemChain } from '../../domain/urls.ts';
import { REVIEW_STATUS_PREFIX } from '../../domain/status.ts';

/** Id of the `<script type="application/json">` holding the static page's article. */
export const ARTICLE_DATA_ID = 'wenku-article';

/**
 * The deepest category chain of the article (ancestors first), from its own `category[]`: an
 * article is linked to every category on its path, so the longest chain ends at the chosen one.
 */
export const articleChain = (a: Article): ArticleCategory[] => itemChain(a.category_id, a.category);

/** Meta description: the article's description, else the start of its text. */
export function articleDescription(a: Article): string {
  const text = a.description.trim() || a.content.replace(/<[^>]*>/g, ' ');
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > 200 ? `${chars.slice(0, 200).join('')}...` : chars.join('');
}

function breadcrumbHtml(a: Article): string {
  const crumbs = [
    '<a href="/" class="hover:text-primary-600">首页</a>',
    '<a href="/article" class="hover:text-primary-600">文章</a>',
    ...articleChain(a).map((c) => `<a href="${escapeHtml(articleListUrl(c.id))}" class="hover:text-primary-600">${escapeHtml(c.title)}</a>`),
    '<span class="text-neutral-700" aria-current="page">文章详情</span>',
  ];
  const items = crumbs.map((c, i) => `<li class="flex items-center gap-1">${i ? '<span aria-hidden="true" class="text-neutral-300">/</span>' : ''}${c}</li>`);
  return `<nav aria-label="面包屑" class="text-sm text-neutral-500"><ol class="flex flex-wrap items-center gap-1">${items.join('')}</ol></nav>`;
}

/** 作者, 发布 time, 阅读 (live-updated), 评论. */
export function articleMetaHtml(a: Article, siteName: string): string {
  return [
    `<span>作者 <span class="text-neutral-700">${escapeHtml(authorName(a, siteName))}</span></span>`,
    `<span>发布于 ${timeHtml(a.created_at)}</span>`,
    `<span>阅读 <span data-article-views>${a.view_count}</span></span>`,
    `<span>评论 ${a.comment_count}</span>`,
  ].join('');
}

export function articleTitleHtml(a: Article): string {
  const prefix = REVIEW_STATUS_PREFIX[a.status];
  const status = prefix ? `<span class="${a.status === 2 ? 'text-red-600' : 'text-orange-500'}">${prefix}</span> ` : '';
  return `${status}${escapeHtml(a.title)}${a.recommend_at ? recommendBadge : ''}`;
}

/** 相关文章 card body ('' when none). */
export function relatedHtml(related: readonly Article[]): string {
  if (!related.length) return '';
  return `<h2 class="mb-3 text-sm font-semibold text-neutral-700">相关文章</h2><ul class="space-y-2">${articleLinksHtml(related)}</ul>`;
}

export interface ArticleViewContext {
  siteName: string;
  related: readonly Article[];
}

/** The whole detail view: article card, comments mount, related articles. */
export function articleViewHtml(a: Article, ctx: ArticleViewContext): string {
  const rejected = a.status === 2 && a.reject_reason.trim()
    ? `<p class="mt-4 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-700" role="alert">审核未通过：${escapeHtml(a.reject_reason)}</p>`
    : '';
  const related = relatedHtml(ctx.related);
  const updated = a.updated_at && a.updated_at !== a.created_at
    ? `<p class="mt-6 text-xs text-neutral-400">最后更新于 ${escapeHtml(formatDatetime(a.updated_at))}</p>`
    : '';
  return [
    `<div class="mx-auto max-w-6xl px-4 py-6" data-article-view data-article-id="${a.id}" data-identifier="${escapeHtml(a.identifier)}">`,
    `<div class="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]"><div class="min-w-0">`,
    `<article class="rounded-lg bg-white p-4 shadow-sm md:p-6">${breadcrumbHtml(a)}`,
    `<h1 class="mt-4 text-2xl font-bold break-words text-neutral-800" data-article-title>${articleTitleHtml(a)}</h1>`,
    `<p class="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-neutral-100 pb-4 text-sm text-neutral-500" data-article-meta>${articleMetaHtml(a, ctx.siteName)}</p>`,
    rejected,
    `<div class="article-body mt-6" data-article-content>${a.content}</div>`,
    updated,
    `</article>`,
    `<div id="article-comments" data-article-comments data-article-id="${a.id}"></div>`,
    `</div><aside class="min-w-0"><section class="rounded-lg bg-white p-4 shadow-sm lg:sticky lg:top-20" data-article-related${related ? '' : ' hidden'}>${related}</section></aside></div>`,
    `</div>`,
  ].join('');
}
