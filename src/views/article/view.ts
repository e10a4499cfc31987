/**
 * Article detail markup (screens §5.5): the static page renders it at build time, the fallback
 * shell renders the same in the browser. Every server string is escaped, except the article
 * body, which the server sanitises (allow-list) before storing it.
 */
import { html, raw } from '../../domain/html.ts';
import { REVIEW_STATUS, REVIEW_STATUS_PREFIX } from '../../domain/status.ts';
import { formatDatetime } from '../../domain/time.ts';
import { articleListUrl, itemChain, postUrl } from '../../domain/urls.ts';
import { shareDialogHtml } from '../dialog.ts';
import { breadcrumbHtml, metaDescription, timeHtml } from '../parts.ts';
import { articleLinksHtml, authorName, recommendBadge, type Article, type ArticleLink } from './list.ts';

/** Id of the `<script type="application/json">` holding the static page's article. */
export const ARTICLE_DATA_ID = 'wenku-article';

/**
 * The deepest category chain of the article (ancestors first), from its own `category[]`: an
 * article is linked to every category on its path, so the longest chain ends at the chosen one.
 */
export const articleChain = (a: Article): Article['category'] => itemChain(a.category_id, a.category);

/** Meta description: the article's description, else the start of its text. */
export const articleDescription = (a: Article): string =>
  metaDescription(a.description.trim() || a.content.replace(/<[^>]*>/g, ' '));

const crumbsHtml = (a: Article): string =>
  breadcrumbHtml([
    { label: '首页', href: '/' },
    { label: '文章', href: '/article' },
    ...articleChain(a).map((c) => ({ label: c.title, href: articleListUrl(c.id) })),
    { label: '文章详情' },
  ]);

/** 作者, 发布 time, 阅读 (live-updated), 评论, 收藏 (follows the member's click, common/live-counts.ts). */
export function articleMetaHtml(a: Article, siteName: string): string {
  return html`<span>作者 <span class="text-neutral-700">${authorName(a, siteName)}</span></span><span>发布于 ${raw(timeHtml(a.created_at))}</span><span>阅读 <span data-article-views>${a.view_count}</span></span><span>评论 ${a.comment_count}</span><span data-count="favorite">收藏 ${a.favorite_count}</span>`;
}

export function articleTitleHtml(a: Article): string {
  const prefix = REVIEW_STATUS_PREFIX[a.status];
  const status =
    prefix &&
    raw(html`<span class="${a.status === REVIEW_STATUS.rejected ? 'text-red-600' : 'text-orange-500'}">${prefix}</span> `);
  return html`${status}${a.title}${a.recommend_at && raw(recommendBadge)}`;
}

/** 相关文章 card body ('' when none). */
export function relatedHtml(related: readonly ArticleLink[]): string {
  if (!related.length) return '';
  return html`<h2 class="mb-3 text-sm font-semibold text-neutral-700">相关文章</h2><ul class="space-y-2">${raw(articleLinksHtml(related))}</ul>`;
}

export interface ArticleViewContext {
  siteName: string;
  related: readonly ArticleLink[];
}

const STAR = 'M12 17.3 5.8 21l1.6-7L2 9.3l7.1-.6L12 2l2.9 6.7 7.1.6-5.4 4.7 1.6 7z';
const shareBtn =
  'rounded-full border border-neutral-200 px-3 py-1 text-neutral-700 hover:border-primary-500 hover:text-primary-700';

/**
 * 编辑文章 / 删除文章 for the article's author, shown by scripts/article/owner.ts once the reader is known;
 * and the place of the moderation bar (审核, 推荐, 删除) that scripts/article/moderate.ts fills for holders of those permissions.
 */
function ownerActionsHtml(a: Article): string {
  const link = 'text-primary-600 hover:text-primary-700 hover:underline';
  return html`<p class="mt-2 flex gap-4 text-sm" data-article-owner hidden><a href="${postUrl(a.identifier)}" class="${link}" data-testid="article-edit-own">编辑文章</a><button type="button" class="${link}" data-article-delete data-testid="article-delete-own">删除文章</button></p><p class="mt-2 flex flex-wrap items-center gap-2 text-sm" data-article-moderate data-testid="article-moderate" hidden></p>`;
}

/**
 * The article's foot (screens §5.5): 分享到 微信 (the share dialog with its QR code), QQ and 微博 (their
 * addresses are set in the browser, with the page's own link), and 收藏文章 / 取消收藏.
 */

function shareRowHtml(): string {
  const to = (service: string, name: string) =>
    html`<a data-share-to="${service}" data-testid="article-share-${service}" href="#" target="_blank" rel="noopener noreferrer" class="${shareBtn}">${name}</a>`;
  return html`<div class="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-neutral-100 pt-4 text-sm"><div class="flex flex-wrap items-center gap-2"><span class="text-neutral-500">分享到：</span><button type="button" data-share data-testid="article-share-wechat" class="${shareBtn}">微信</button>${raw(to('qq', 'QQ'))}${raw(to('weibo', '微博'))}</div><button type="button" data-favorite data-favorite-off="收藏文章" data-favorite-on="取消收藏" data-testid="article-favorite" aria-pressed="false" class="inline-flex items-center gap-1.5 rounded-full border border-neutral-300 px-5 py-1.5 text-neutral-700 hover:border-amber-500 hover:text-amber-600"><svg viewBox="0 0 24 24" class="h-4 w-4" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${STAR}"/></svg><span data-favorite-label>收藏文章</span></button></div>`;
}

/** The whole detail view: article card with its share and 收藏 row, comments mount, related articles, share dialog. */
export function articleViewHtml(a: Article, ctx: ArticleViewContext): string {
  const rejected =
    a.status === REVIEW_STATUS.rejected &&
    a.reject_reason.trim() &&
    raw(
      html`<p class="mt-4 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-700" role="alert">审核未通过：${a.reject_reason}</p>`,
    );
  const related = relatedHtml(ctx.related);
  const updated =
    a.updated_at &&
    a.updated_at !== a.created_at &&
    raw(html`<p class="mt-6 text-xs text-neutral-400">最后更新于 ${formatDatetime(a.updated_at)}</p>`);
  const shareAndFavorite = raw(shareRowHtml());
  // the body is sanitised HTML (server allow-list), shown as is
  return html`<div class="mx-auto max-w-6xl px-4 py-6" data-article-view data-article-id="${a.id}" data-identifier="${a.identifier}"><div class="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]"><div class="min-w-0"><article class="rounded-lg bg-white p-4 shadow-sm md:p-6">${raw(crumbsHtml(a))}<h1 class="mt-4 text-2xl font-bold break-words text-neutral-800" data-article-title>${raw(articleTitleHtml(a))}</h1>${raw(ownerActionsHtml(a))}<p class="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-neutral-100 pb-4 text-sm text-neutral-500" data-article-meta>${raw(articleMetaHtml(a, ctx.siteName))}</p>${rejected}<div class="article-body mt-6" data-article-content>${raw(a.content)}</div>${updated}${shareAndFavorite}</article><div id="article-comments" data-article-comments data-article-id="${a.id}"></div></div><aside class="min-w-0"><section class="rounded-lg bg-white p-4 shadow-sm lg:sticky lg:top-20" data-article-related${!related && raw(' hidden')}>${raw(related)}</section></aside></div>${raw(shareDialogHtml('分享文章', '打开微信，扫一扫分享'))}</div>`;
}
