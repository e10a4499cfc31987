/**
 * User home page markup (screens §5.7): rendered at build time (Astro `set:html`) and again by
 * the page script with live data, so both agree. The avatar only when it is a safe URL.
 */
import type { Settings, User } from '../../api/types.ts';
import type { Document } from '../../contract/document.ts';
import type { Article } from '../article/list.ts';
import { html, raw } from '../../domain/html.ts';
import type { Filled } from '../../api/call.ts';
import type { Favorite } from '../../contract/favorite.ts';
import { MEMBER_PATHS, POST_PATH, UPLOAD_PATH, articleUrl, documentByUuidUrl, documentUrl, postUrl } from '../../domain/urls.ts';
import type { ParentIndex } from '../../domain/urls.ts';
import { isSafeUrl } from '../../lib/safe-url.ts';
import { formatBytes } from '../../lib/size.ts';
import { pagerHtml } from '../pager.ts';
import { coverThumbHtml, emptyHtml, fileIconHtml, priceHtml, timeHtml } from '../parts.ts';
import { userPageHref } from './state.ts';
import type { UserPageState, UserTab } from './state.ts';

export const userPageName = (username: string): string => `[个人主页] ${username}`;

/** Rows per page of the user page lists (screens §5.7: 20; the server allows visitors 24). */
export const USER_LIST_SIZE = 20;

function avatarHtml(user: User): string {
  const src = user.avatar.trim();
  if (src && isSafeUrl(src, { allowExternal: true })) {
    return html`<img src="${src}" alt="${user.username}" width="64" height="64" class="h-16 w-16 shrink-0 rounded-full object-cover" data-testid="user-avatar">`;
  }
  const initial = Array.from(user.username.trim())[0]?.toUpperCase() ?? '?';
  return html`<span class="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-primary-100 text-2xl font-semibold text-primary-700" data-testid="user-avatar" aria-hidden="true">${initial}</span>`;
}

/**
 * Profile card. `articleCount` is null when unknown (the user list the build reads has no
 * article counter); the page script fills it from GET /user. `credit` is the site's credit name.
 */
export function profileHtml(user: User, articleCount: number | null, credit: string): string {
  const counts: Array<readonly [string, string, number | null]> = [
    ['doc', '文档', user.doc_count],
    ['article', '文章', articleCount],
    ['favorite', '收藏', user.favorite_count],
    ['comment', '评论', user.comment_count],
    ['credit', credit, user.credit_count],
  ];
  // dt before dd in the markup, the number shown above its label
  const stats = counts.map(
    ([key, label, n]) =>
      html`<div class="flex min-w-12 flex-col-reverse"><dt class="text-xs text-neutral-500">${label}</dt><dd class="text-lg font-semibold text-neutral-800" data-testid="user-count-${key}">${n === null ? '-' : n}</dd></div>`,
  );
  const signature = user.signature.trim();
  return html`<div class="flex flex-wrap items-center gap-4" data-testid="user-profile">${raw(avatarHtml(user))}<div class="min-w-0 flex-1"><h1 class="truncate text-xl font-bold text-neutral-800" data-testid="user-name">${user.username}</h1><p class="mt-1 line-clamp-2 text-sm ${signature ? 'text-neutral-600' : 'text-neutral-400'}">${signature || '暂无个性签名'}</p></div><dl class="flex gap-5 text-center">${raw(stats)}</dl></div>`;
}

export function tabsHtml(userId: number, s: UserPageState): string {
  const tabs: Array<readonly [UserTab, string]> = [
    ['document', '文档'],
    ['article', '文章'],
    ['favorite', '收藏'],
  ];
  return tabs
    .map(([tab, label]) => {
      const active = s.tab === tab;
      const cls = active
        ? 'border-primary-600 font-semibold text-primary-700'
        : 'border-transparent text-neutral-600 hover:text-primary-600';
      return html`<a href="${userPageHref(userId, { tab, page: 1 })}" data-user-link data-testid="user-tab-${tab}" role="tab" aria-selected="${String(active)}" class="border-b-2 px-2 pb-2 text-base ${cls}">${label}</a>`;
    })
    .join('');
}

export interface DocumentRowContext {
  settings: Settings;
  byId: ParentIndex;
}

export function documentRowsHtml(docs: readonly Document[], ctx: DocumentRowContext): string {
  if (!docs.length) return emptyHtml('暂无文档', 'user-list-empty');
  const rows = docs.map((d) => {
    const views =
      ctx.settings.display.show_document_view_count && raw(html`<span class="hidden md:inline">浏览 ${d.view_count}</span>`);
    return html`<li data-testid="user-document" class="flex items-center gap-3 border-b border-neutral-100 py-3 last:border-0">${raw(coverThumbHtml(d, 'sm'))}${raw(fileIconHtml(d.ext, 18))}<a href="${documentUrl(d, ctx.byId)}" title="${d.title}" class="min-w-0 flex-1 truncate text-neutral-800 hover:text-primary-600">${d.title}</a><span class="flex shrink-0 items-center gap-3 text-xs text-neutral-500"><span class="hidden sm:inline">${d.pages} 页</span><span class="hidden sm:inline">${formatBytes(d.size)}</span>${raw(priceHtml(d.price, ctx.settings))}${views}${raw(timeHtml(d.created_at))}</span></li>`;
  });
  return html`<ul>${raw(rows)}</ul>`;
}

/** `owner`: the page is the reader's own, each article gets 编辑 (→ /post). */
export function articleRowsHtml(
  articles: readonly Pick<Article, 'identifier' | 'title' | 'view_count' | 'comment_count' | 'created_at'>[],
  owner = false,
): string {
  if (!articles.length) return emptyHtml('暂无文章', 'user-list-empty');
  const rows = articles.map((a) => {
    const edit =
      owner &&
      raw(
        html`<a href="${postUrl(a.identifier)}" class="text-primary-600 hover:text-primary-700" data-testid="user-article-edit">编辑</a>`,
      );
    return html`<li data-testid="user-article" class="flex items-center gap-3 border-b border-neutral-100 py-3 last:border-0"><a href="${articleUrl(a)}" title="${a.title}" class="min-w-0 flex-1 truncate text-neutral-800 hover:text-primary-600">${a.title}</a><span class="flex shrink-0 items-center gap-3 text-xs text-neutral-500"><span class="hidden sm:inline">阅读 ${a.view_count}</span><span class="hidden sm:inline">评论 ${a.comment_count}</span>${raw(timeHtml(a.created_at))}${edit}</span></li>`;
  });
  return html`<ul>${raw(rows)}</ul>`;
}

/** Where the page's owner manages each tab's list in the member centre, and adds to it. */
const OWNER_LINKS: Record<UserTab, ReadonlyArray<readonly [string, string]>> = {
  document: [
    [MEMBER_PATHS.documents, '管理我的文档'],
    [UPLOAD_PATH, '上传文档'],
  ],
  article: [
    [MEMBER_PATHS.articles, '管理我的文章'],
    [POST_PATH, '发布文章'],
  ],
  favorite: [[MEMBER_PATHS.favorite, '管理我的收藏']],
};

/** The bar the owner of the page sees above the list (screens §5.7: the owner's actions). */
export function ownerBarHtml(tab: UserTab): string {
  const links = OWNER_LINKS[tab].map(
    ([href, label]) => html`<a href="${href}" class="text-primary-600 hover:text-primary-700">${label}</a>`,
  );
  return html`<p class="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 rounded bg-primary-50 px-3 py-2 text-sm text-neutral-600" data-testid="user-owner-bar"><span>这是你的个人主页</span>${raw(links)}</p>`;
}

/** Someone's favourite public documents (the 收藏 tab). */
export function favoriteRowsHtml(favorites: readonly Filled<Favorite>[]): string {
  if (!favorites.length) return emptyHtml('暂无收藏', 'user-list-empty');
  const rows = favorites.map(
    (f) =>
      html`<li data-testid="user-favorite" class="flex items-center gap-3 border-b border-neutral-100 py-3 last:border-0">${raw(coverThumbHtml(f, 'sm'))}${raw(fileIconHtml(f.ext, 18))}<a href="${documentByUuidUrl(f.document_uuid)}" title="${f.title}" class="min-w-0 flex-1 truncate text-neutral-800 hover:text-primary-600">${f.title}</a><span class="flex shrink-0 items-center gap-3 text-xs text-neutral-500"><span class="hidden sm:inline">${f.pages} 页</span><span class="hidden sm:inline">${formatBytes(f.size)}</span>${raw(timeHtml(f.created_at))}</span></li>`,
  );
  return html`<ul>${raw(rows)}</ul>`;
}

const TAB_UNITS: Record<UserTab, string> = { document: '篇文档', article: '篇文章', favorite: '篇收藏' };

export function userPagerHtml(userId: number, s: UserPageState, total: number): string {
  const pager = pagerHtml(s.page, total, USER_LIST_SIZE, (p) => userPageHref(userId, { ...s, page: p }), 'data-user-link');
  const count = total > 0 ? html`<p class="mb-3 text-center text-xs text-neutral-400">共 ${total} ${TAB_UNITS[s.tab]}</p>` : '';
  return count + pager;
}
