/**
 * Reusable comments widget (screens §5.3 "Comments", shared by documents and articles).
 *
 *   import { mountComments } from './index.ts';
 *   mountComments(el, { type: 0, targetId: doc.id });      // document page
 *   mountComments(el, { type: 1, targetId: article.id });  // article page
 *
 * Renders into `el`: a card with the comment count, the form (or 登录后发表评论 for guests),
 * the two-level list (GET /comment/list, top-level comments paged, replies indented) and
 * inline reply forms. Comment text is plain text and always set with textContent.
 */
import { call } from '../../api/call.ts';
import { commentList } from '../../api/generated/comment.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { loginRedirect } from '../../lib/guards.ts';
import { currentPath } from '../../lib/navigate.ts';
import { $token } from '../../stores/token.ts';
import { createCommentForm, PENDING_MESSAGE } from './form.ts';
import type { CommentForm } from './form.ts';
import { groupThreads, pagerButtons, threadItem, type Comment, type CommentType } from './render.ts';

export interface CommentsOptions {
  /** 0 document, 1 article */
  type: CommentType;
  /** the document id or the article id */
  targetId: number;
  /** top-level comments per page (default 10) */
  pageSize?: number;
}

export interface CommentsWidget {
  /** Reloads a page of comments (default: the current one). */
  reload(page?: number): Promise<void>;
  destroy(): void;
}

const mounted = new WeakMap<HTMLElement, CommentsWidget>();

export function mountComments(el: HTMLElement, opts: CommentsOptions): CommentsWidget {
  mounted.get(el)?.destroy();
  const size = opts.pageSize ?? 10;
  el.innerHTML =
    '<section class="mt-4 rounded-lg bg-white p-4 shadow-sm" data-comments-widget aria-label="评论">' +
    '<h2 class="text-base font-semibold text-neutral-800">评论 <span class="text-sm font-normal text-neutral-400" data-comments-total></span></h2>' +
    '<div class="mt-3" data-comment-form-slot></div>' +
    '<ul class="mt-2" data-comment-list aria-live="polite"></ul><div data-comment-pager></div></section>';
  const q = <T extends HTMLElement>(sel: string): T => el.querySelector<T>(sel) as T;
  const totalEl = q<HTMLElement>('[data-comments-total]');
  const formSlot = q<HTMLElement>('[data-comment-form-slot]');
  const list = q<HTMLUListElement>('[data-comment-list]');
  const pager = q<HTMLElement>('[data-comment-pager]');
  let page = 1;
  let seq = 0;
  let forms: CommentForm[] = [];
  let reply: { form: CommentForm; slot: HTMLElement } | null = null;
  let last: Comment[] = [];
  let lastTotal = 0;

  const dropReply = (): void => {
    if (!reply) return;
    reply.form.destroy();
    forms = forms.filter((f) => f !== reply?.form);
    reply.slot.replaceChildren();
    reply = null;
  };

  const openReply = (c: Comment, slot: HTMLElement): void => {
    const same = reply?.slot === slot;
    dropReply();
    if (same) return; // a second click on 回复 closes the form
    const form = createCommentForm({
      type: opts.type,
      targetId: opts.targetId,
      parentId: c.id,
      placeholder: `回复 ${c.user.username || '匿名用户'}`,
      testId: 'comment-reply',
      submitLabel: '回复',
      onCancel: dropReply,
      onPosted: (posted) => {
        dropReply();
        if (posted.status === 1) void reload(page);
        else {
          const note = document.createElement('p');
          note.className = 'text-sm text-primary-700';
          note.setAttribute('role', 'status');
          note.textContent = PENDING_MESSAGE;
          slot.replaceChildren(note);
        }
      },
    });
    forms.push(form);
    reply = { form, slot };
    slot.replaceChildren(form.el);
    form.focus();
  };

  const renderList = (comments: Comment[], total: number): void => {
    last = comments;
    lastTotal = total;
    dropReply();
    const threads = groupThreads(comments);
    totalEl.textContent = total ? `(${total})` : '';
    if (!threads.length) {
      list.innerHTML =
        '<li class="py-8 text-center text-sm text-neutral-400" data-comments-empty>暂无评论，快来发表第一条评论吧</li>';
    } else {
      const canReply = Boolean($token.get());
      list.replaceChildren(...threads.map((t) => threadItem(t.comment, t.replies, { onReply: openReply, canReply })));
    }
    const nav = pagerButtons(page, Math.ceil(total / size), (p) => {
      void reload(p).then(() => el.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    });
    pager.replaceChildren(...(nav ? [nav] : []));
  };

  async function reload(p = page): Promise<void> {
    const mine = ++seq;
    list.setAttribute('aria-busy', 'true');
    const r = await call(commentList, { document_id: opts.targetId, type: [opts.type], page: p, size });
    if (mine !== seq) return;
    list.setAttribute('aria-busy', 'false');
    if (!isOk(r)) {
      list.innerHTML = '';
      const li = document.createElement('li');
      li.className = 'py-8 text-center text-sm text-red-600';
      li.textContent = messageOf(r, '评论加载失败，请稍后再试');
      list.append(li);
      return;
    }
    const pages = Math.max(1, Math.ceil(r.data.total / size));
    if (p > pages) return reload(pages);
    page = p;
    renderList(r.data.comment, r.data.total);
  }

  const renderForm = (token: string): void => {
    forms.forEach((f) => f.destroy());
    forms = [];
    reply = null;
    if (!token) {
      const a = document.createElement('a');
      a.href = loginRedirect(currentPath());
      a.className =
        'block rounded-md border border-dashed border-neutral-300 py-6 text-center text-sm text-primary-600 hover:bg-primary-50';
      a.dataset.testid = 'comment-login';
      a.textContent = '登录后发表评论';
      formSlot.replaceChildren(a);
    } else {
      const form = createCommentForm({
        type: opts.type,
        targetId: opts.targetId,
        parentId: 0,
        placeholder: '请文明评论，理性发言',
        testId: 'comment',
        submitLabel: '发表评论',
        onPosted: (posted) => void (posted.status === 1 ? reload(1) : undefined),
      });
      forms.push(form);
      formSlot.replaceChildren(form.el);
    }
    // 回复 links follow the sign-in state
    if (last.length) renderList(last, lastTotal);
  };

  const unsubscribe = $token.subscribe(renderForm);
  void reload(1);

  const widget: CommentsWidget = {
    reload,
    destroy: () => {
      unsubscribe();
      forms.forEach((f) => f.destroy());
      mounted.delete(el);
    },
  };
  mounted.set(el, widget);
  return widget;
}
