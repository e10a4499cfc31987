/**
 * DOM of the comment list: top-level comments with their replies indented below. Every
 * server string is set with textContent (comment content is plain text, never HTML).
 */
import type { ReplyOf } from '../../api/call.ts';
import type { commentList } from '../../api/generated/comment.ts';
import type { COMMENT_TYPE } from '../../domain/status.ts';
import { isSafeUrl } from '../../lib/safe-url.ts';
import { formatDatetime, relativeTime } from '../../domain/time.ts';

/** A comment as GET /comment/list answers it; `content` is PLAIN TEXT. */
export type Comment = ReplyOf<typeof commentList>['comment'][number];
/** 0 document, 1 article. */
export type CommentType = (typeof COMMENT_TYPE)[keyof typeof COMMENT_TYPE];

function make<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

function avatar(c: Comment, size: string): HTMLElement {
  const src = c.user.avatar.trim();
  if (src && isSafeUrl(src, { allowExternal: true })) {
    const img = make('img', `${size} shrink-0 rounded-full object-cover`);
    img.src = src;
    img.alt = '';
    img.loading = 'lazy';
    return img;
  }
  const name = c.user.username || '匿名';
  const initial = make(
    'span',
    `${size} flex shrink-0 items-center justify-center rounded-full bg-primary-100 text-sm font-semibold text-primary-700`,
    [...name][0]?.toUpperCase() ?? '',
  );
  initial.setAttribute('aria-hidden', 'true');
  return initial;
}

/** One comment: avatar, username, relative time (full time on hover), content. */
function commentBody(c: Comment, reply: boolean): { item: HTMLLIElement; body: HTMLElement; head: HTMLElement } {
  const item = make('li', reply ? 'flex gap-2 pt-3' : 'flex gap-3 border-b border-neutral-100 py-4 last:border-0');
  item.dataset.testid = 'comment-item';
  item.dataset.commentId = String(c.id);
  if (c.parent_id) item.dataset.parentId = String(c.parent_id);
  const body = make('div', 'min-w-0 flex-1');
  const head = make('div', 'flex flex-wrap items-center gap-x-3 gap-y-1 text-sm');
  head.append(make('span', 'font-medium text-neutral-700', c.user.username || '匿名用户'));
  const time = make('time', 'text-xs text-neutral-400', relativeTime(c.created_at));
  time.dateTime = c.created_at;
  time.title = formatDatetime(c.created_at);
  head.append(time);
  const content = make('p', 'mt-1 text-sm leading-relaxed break-words whitespace-pre-wrap text-neutral-700', c.content);
  content.dataset.commentContent = '';
  body.append(head, content);
  item.append(avatar(c, reply ? 'h-7 w-7' : 'h-9 w-9'), body);
  return { item, body, head };
}

export interface ThreadHandlers {
  /** 回复 clicked on a top-level comment; `slot` is where the inline reply form goes. */
  onReply: (c: Comment, slot: HTMLElement) => void;
  /** Whether 回复 links are shown. */
  canReply: boolean;
}

/** A top-level comment with its replies (oldest first) and a slot for the inline reply form. */
export function threadItem(c: Comment, replies: readonly Comment[], h: ThreadHandlers): HTMLLIElement {
  const { item, body, head } = commentBody(c, false);
  const slot = make('div', 'mt-2');
  slot.dataset.replySlot = '';
  if (h.canReply) {
    const btn = make('button', 'text-xs text-neutral-500 hover:text-primary-600', '回复');
    btn.type = 'button';
    btn.dataset.replyTo = String(c.id);
    btn.addEventListener('click', () => h.onReply(c, slot));
    head.append(btn);
  }
  if (replies.length) {
    const list = make('ul', 'mt-2 rounded-md bg-neutral-50 px-3 pb-3');
    list.setAttribute('aria-label', '回复');
    for (const r of replies) list.append(commentBody(r, true).item);
    body.append(list);
  }
  body.append(slot);
  return item;
}

/** Top-level comments in answer order, each with its replies. */
export function groupThreads(comments: readonly Comment[]): Array<{ comment: Comment; replies: Comment[] }> {
  const tops = comments.filter((c) => !c.parent_id);
  const ids = new Set(tops.map((c) => c.id));
  return tops.map((comment) => ({
    comment,
    replies: comments.filter((r) => r.parent_id === comment.id && ids.has(r.parent_id)),
  }));
}

/** 上一页 / page numbers / 下一页 as buttons; empty when everything fits one page. */
export function pagerButtons(page: number, pages: number, go: (p: number) => void): HTMLElement | null {
  if (pages <= 1) return null;
  const nav = make('nav', 'mt-4 flex flex-wrap items-center gap-2 text-sm');
  nav.setAttribute('aria-label', '评论分页');
  const add = (p: number, label: string, disabled: boolean, current = false): void => {
    const b = make(
      'button',
      `rounded border px-3 py-1 ${current ? 'border-primary-600 bg-primary-600 text-white' : 'border-neutral-200 text-neutral-600 hover:text-primary-600 disabled:text-neutral-300'}`,
      label,
    );
    b.type = 'button';
    b.disabled = disabled;
    if (current) b.setAttribute('aria-current', 'page');
    b.addEventListener('click', () => go(p));
    nav.append(b);
  };
  add(page - 1, '上一页', page <= 1);
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  for (let p = from; p <= Math.min(pages, from + 4); p++) add(p, String(p), false, p === page);
  add(page + 1, '下一页', page >= pages);
  return nav;
}
