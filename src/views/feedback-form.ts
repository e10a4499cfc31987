/**
 * Markup of the feedback form (称呼, 联系方式, 反馈内容, captcha slot, 提交). Static text only
 * (no server data), rendered by the /feedback page at build time and inserted into the
 * feedback dialog when it first opens, so a page never holds two copies.
 */
import { html } from '../domain/html.ts';
import { FEEDBACK_LIMITS } from '../domain/text-limits.ts';

export const SUCCESS_MESSAGE = '感谢您的反馈，我们会尽快处理';

const INPUT = 'mt-1 w-full rounded-md border border-neutral-300 px-3 py-2 text-sm outline-none focus:border-primary-500';
const LABEL = 'block text-sm text-neutral-600';

export function feedbackFormHtml(): string {
  const L = FEEDBACK_LIMITS;
  return html`<form data-feedback-form novalidate class="space-y-3"><div class="grid gap-3 sm:grid-cols-2"><label class="${LABEL}">称呼<input name="name" type="text" maxlength="${L.name}" autocomplete="name" placeholder="选填" data-testid="feedback-name" class="${INPUT}"></label><label class="${LABEL}">联系方式<input name="contact" type="text" maxlength="${L.contact}" autocomplete="email" placeholder="邮箱、手机或QQ（选填）" data-testid="feedback-contact" class="${INPUT}"></label></div><label class="${LABEL}">反馈内容 <span class="text-red-600">*</span><textarea name="content" rows="5" required placeholder="请描述您遇到的问题或建议（${L.contentMin}–${L.contentMax} 个字）" data-testid="feedback-content" class="${INPUT} resize-y"></textarea></label><div data-feedback-captcha></div><p data-feedback-error role="alert" class="text-sm text-red-600" hidden></p><div class="flex items-center justify-between gap-2"><span data-feedback-count class="text-xs text-neutral-400"></span><button type="submit" data-testid="feedback-submit" class="rounded-md bg-primary-600 px-5 py-2 text-sm font-medium text-white hover:bg-primary-700 disabled:opacity-60">提交反馈</button></div></form><div data-feedback-success data-testid="feedback-success" role="status" class="py-6 text-center" hidden><p class="text-base font-medium text-primary-700">${SUCCESS_MESSAGE}</p><button type="button" data-feedback-again class="mt-4 text-sm text-neutral-500 hover:text-primary-600">继续反馈</button></div>`;
}
