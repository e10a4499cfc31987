/**
 * User home page markup (screens §5.7) as HTML strings: rendered at build time (Astro
 * `set:html`) and again by the page script with live data, so both agree. Every server string goes
 * through escapeHtml; the avatar only when it is a same-origin URL.
 */
import type { Document, User, UserArticle } from '../../api/user-public.ts';
import { USER_LIST_SIZE } from '../../api/user-public.ts';
import type { Settings } from '../../api/types.ts';
import { fileKind, fileKindLabel } from '../../domain/file-kind.ts';
import { isSafeUrl } from '../../lib/safe-url.ts';
import { formatBytes } from '../../lib/size.ts';
import { formatDatetime, relativeTime } from '../../domain/time.ts';
import { articleUrl, documentUrl } from '../../domain/urls.ts';
import type { ParentIndex } from '../../domain/urls.ts';
import { escapeHtml } from '../../domain/html.ts';
import { pagerHtml } from '../pager.ts';
import { userPageHref } from './state.ts';
import type { UserPageState, UserTab } from './state.ts';

export const userPageName = (username: string): string => `[个人主页] ${username}`;

function avatarHtml(user: User): string {
  const src = user.avatar.trim();
  if (src && isSafeUrl(src, { allowExternal: true })) {
    return `<img src="${escapeHtml(src)}" alt="${escapeHtml(user.username)}" width="64" height="64" class="h-16 w-16 shrink-0 rounded-full object-cover" data-testid="user-avatar">`;
  }
  const initial = escapeHtml(Array.from(user.username.trim())[0]?.toUpperCase() ?? '?');
  return `<span class="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-primary-100 text-2xl font-semibold text-primary-700" data-testid="user-avatar" aria-hidden="true">${initial}</span>`;
}

/**
 * Profile card. `articleCount` is null when unknown (the user list the build reads has no
 * article counter); the page script fills it from GET /user.
 */
export function profileHtml(user: User, articleCount: number | null = user.article_count): string {
  const counts: Array<readonly [string, string, number | null]> = [
    ['doc', '文档', user.doc_count],
    ['article', '文章', articleCount],
    ['favorite', '收藏', user.favorite_count],
    ['comment', '评论', user.comment_count],
    ['credit', '积分', user.credit_count],
  ];
  // dt before dd in the markup, the number shown above its label
  const stats = counts
    .map(([key, label, n]) => `<div class="flex min-w-12 flex-col-reverse"><dt class="text-xs text-neutral-500">${label}</dt><dd class="text-lg font-semibold text-neutral-800" data-testid="user-count-${key}">${n === null ? '-' : n}</dd></div>`)
    .join('');
  const signature = user.signature.trim();
  return `<div class="flex flex-wrap items-center gap-4" data-testid="user-profile">${avatarHtml(user)}<div class="min-w-0 flex-1"><h1 class="truncate text-xl font-bold text-neutral-800" data-testid="user-name">${escapeHtml(user.username)}</h1><p class="mt-1 line-clamp-2 text-sm ${signature ? 'text-neutral-600' : 'text-neutral-400'}">${signature ? escapeHtml(signature) : '暂无个性签名'}</p></div><dl class="flex gap-5 text-center">${stats}</dl></div>`;
}

export function tabsHtml(userId: number, s: UserPageState): string {
  const tabs: Array<readonly [UserTab, string]> = [['document', '文档'], ['article', '文章']];
  return tabs
    .map(([tab, label]) => {
      const active = s.tab === tab;
      const cls = active ? 'border-primary-600 font-semibold text-primary-700' : 'border-transparent text-neutral-600 hover:text-primary-600';
      const href = escapeHtml(userPageHref(userId, { tab, page: 1 }));
      return `<a href="${href}" data-user-link data-testid="user-tab-${tab}" role="tab" aria-selected="${active}" class="border-b-2 px-2 pb-2 text-base ${cls}">${label}</a>`;
    })
    .join('');
}

const timeHtml = (t: string): string =>
  t ? `<time datetime="${escapeHtml(t)}" title="${escapeHtml(formatDatetime(t))}">${escapeHtml(relativeTime(t))}</time>` : '';

const empty = (text: string): string => `<p class="py-16 text-center text-sm text-neutral-400" data-testid="user-list-empty">${text}</p>`;

export interface DocumentRowContext {
  settings: Settings;
  byId: ParentIndex;
}

export function documentRowsHtml(docs: readonly Document[], ctx: DocumentRowContext): string {
  if (!docs.length) return empty('暂无文档');
  const credit = escapeHtml(ctx.settings.system.credit_name.trim() || '魔豆');
  const rows = docs.map((d) => {
    const title = escapeHtml(d.title);
    const price = d.price > 0 ? `<span class="text-orange-600">${d.price} ${credit}</span>` : '<span class="text-primary-600">免费</span>';
    const views = ctx.settings.display.show_document_view_count ? `<span class="hidden md:inline">浏览 ${d.view_count}</span>` : '';
    return `<li data-testid="user-document" class="flex items-center gap-3 border-b border-neutral-100 py-3 last:border-0"><img src="/icons/filetype/${fileKind(d.ext)}.svg" alt="${escapeHtml(fileKindLabel(d.ext))}" width="24" height="24" class="h-6 w-6 shrink-0" loading="lazy"><a href="${escapeHtml(documentUrl(d, ctx.byId))}" title="${title}" class="min-w-0 flex-1 truncate text-neutral-800 hover:text-primary-600">${title}</a><span class="flex shrink-0 items-center gap-3 text-xs text-neutral-500"><span class="hidden sm:inline">${d.pages} 页</span><span class="hidden sm:inline">${escapeHtml(formatBytes(d.size))}</span>${price}${views}${timeHtml(d.created_at)}</span></li>`;
  });
  return `<ul>${rows.join('')}</ul>`;
}

export function articleRowsHtml(articles: readonly UserArticle[]): string {
  if (!articles.length) return empty('暂无文章');
  const rows = articles.map((a) => {
    const title = escapeHtml(a.title);
    return `<li data-testid="user-article" class="flex items-center gap-3 border-b border-neutral-100 py-3 last:border-0"><a href="${escapeHtml(articleUrl(a))}" title="${title}" class="min-w-0 flex-1 truncate text-neutral-800 hover:text-primary-600">${title}</a><span class="flex shrink-0 items-center gap-3 text-xs text-neutral-500"><span class="hidden sm:inline">阅读 ${a.view_count}</span><span class="hidden sm:inline">评论 ${a.comment_count}</span>${timeHtml(a.created_at)}</span></li>`;
  });
  return `<ul>${rows.join('')}</ul>`;
}

export function userPagerHtml(userId: number, s: UserPageState, total: number): string {
  const pager = pagerHtml(s.page, total, USER_LIST_SIZE, (p) => userPageHref(userId, { ...s, page: p }), 'data-user-link');
  const count = total > 0 ? `<p class="mb-3 text-center text-xs text-neutral-400">共 ${total} ${s.tab === 'article' ? '篇文章' : '篇文档'}</p>` : '';
  return count + pager;
}
