/**
 * Comment / reply form (screens §5.3 "Comments"): textarea (1 to COMMENT_MAX_LENGTH characters), captcha when
 * the comment captcha is on, submit → POST /comment. A pending comment shows
 * '评论已提交，审核通过后显示'; refusals show the server's own (Chinese) message.
 */
import { call } from '../../api/call.ts';
import { commentCreate } from '../../api/generated/comment.ts';
import { REVIEW_STATUS } from '../../domain/status.ts';
import { charCount, COMMENT_MAX_LENGTH, tooLong } from '../../domain/text-limits.ts';
import type { Comment, CommentType } from './render.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { createCaptcha } from './captcha.ts';

export const PENDING_MESSAGE = '评论已提交，审核通过后显示';

export interface CommentFormOptions {
  type: CommentType;
  targetId: number;
  /** 0 for a top-level comment */
  parentId: number;
  placeholder: string;
  /** testid prefix: `comment` gives comment-input, comment-submit */
  testId: string;
  submitLabel: string;
  /** Called after a successful post (approved or pending). */
  onPosted: (comment: Comment) => void;
  onCancel?: () => void;
}

export interface CommentForm {
  el: HTMLFormElement;
  focus(): void;
  destroy(): void;
}

const BTN = 'rounded-md bg-primary-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-primary-700 disabled:opacity-60';

export function createCommentForm(o: CommentFormOptions): CommentForm {
  const form = document.createElement('form');
  form.className = 'space-y-2';
  form.noValidate = true;
  const area = document.createElement('textarea');
  area.rows = o.parentId ? 3 : 4;
  area.placeholder = o.placeholder;
  area.maxLength = COMMENT_MAX_LENGTH * 2; // surrogate pairs count twice here; the real check is below
  area.className = 'w-full resize-y rounded-md border border-neutral-300 p-2 text-sm outline-none focus:border-primary-500';
  area.dataset.testid = `${o.testId}-input`;
  area.setAttribute('aria-label', o.placeholder);
  const captcha = createCaptcha(`${o.testId}-captcha`);
  const row = document.createElement('div');
  row.className = 'flex flex-wrap items-center justify-between gap-2';
  const counter = document.createElement('span');
  counter.className = 'text-xs text-neutral-400';
  const actions = document.createElement('div');
  actions.className = 'ml-auto flex items-center gap-2';
  if (o.onCancel) {
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = '取消';
    cancel.className = 'rounded-md border border-neutral-200 px-4 py-1.5 text-sm text-neutral-600 hover:text-primary-600';
    cancel.addEventListener('click', () => o.onCancel?.());
    actions.append(cancel);
  }
  const submit = document.createElement('button');
  submit.type = 'submit';
  submit.textContent = o.submitLabel;
  submit.className = BTN;
  submit.dataset.testid = `${o.testId}-submit`;
  actions.append(submit);
  row.append(counter, actions);
  const message = document.createElement('p');
  message.className = 'text-sm';
  message.hidden = true;
  form.append(area, captcha.el, row, message);

  const say = (text: string, kind: 'error' | 'info'): void => {
    message.textContent = text;
    message.hidden = !text;
    message.className = `text-sm ${kind === 'error' ? 'text-red-600' : 'text-primary-700'}`;
    message.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    if (kind === 'info') message.dataset.testid = `${o.testId}-pending`;
    else delete message.dataset.testid;
  };
  const count = (): number => charCount(area.value);
  const updateCounter = (): void => {
    const n = count();
    counter.textContent = `${n}/${COMMENT_MAX_LENGTH}`;
    counter.classList.toggle('text-red-600', n > COMMENT_MAX_LENGTH);
  };
  updateCounter();
  area.addEventListener('input', updateCounter);
  form.addEventListener('focusin', () => void captcha.ensure());

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const content = area.value.trim();
    if (!content) return say('请输入评论内容', 'error');
    if (count() > COMMENT_MAX_LENGTH) return say(tooLong('评论内容', COMMENT_MAX_LENGTH), 'error');
    const cap = captcha.values();
    if (captcha.active() && !cap.captcha) {
      void captcha.ensure();
      return say('请输入验证码', 'error');
    }
    submit.disabled = true;
    const r = await call(commentCreate, { document_id: o.targetId, type: o.type, parent_id: o.parentId, content, ...cap });
    submit.disabled = false;
    // the server consumes a captcha on every check
    if (captcha.active()) void captcha.reload();
    if (!isOk(r)) {
      // 401 leads to the login page already
      if (r.status !== 401) say(messageOf(r, '评论失败，请稍后再试'), 'error');
      return;
    }
    area.value = '';
    updateCounter();
    say(r.data.status === REVIEW_STATUS.published ? '' : PENDING_MESSAGE, 'info');
    o.onPosted(r.data);
  });

  return {
    el: form,
    focus: () => area.focus(),
    destroy: () => captcha.destroy(),
  };
}
