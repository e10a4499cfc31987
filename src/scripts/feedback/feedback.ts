/**
 * Feedback form (POST /feedback: name, contact, content within FEEDBACK_LIMITS, captcha when the
 * comment captcha is on) and the dialog that the sider-actions 意见反馈 button opens. Loaded
 * on demand by open.ts, so it never counts against a page's first-load JavaScript.
 */
import { call } from '../../api/call.ts';
import { feedbackCreate } from '../../api/generated/feedback.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { createCaptcha } from '../comments/captcha.ts';
import { charCount, FEEDBACK_LIMITS, tooLong, tooShort } from '../../domain/text-limits.ts';
import { feedbackFormHtml } from '../../views/feedback-form.ts';

/** Wires a form rendered by feedbackFormHtml inside `box`. */
export function initFeedbackForm(box: HTMLElement): void {
  const form = box.querySelector<HTMLFormElement>('[data-feedback-form]');
  const success = box.querySelector<HTMLElement>('[data-feedback-success]');
  const error = box.querySelector<HTMLElement>('[data-feedback-error]');
  const count = box.querySelector<HTMLElement>('[data-feedback-count]');
  if (!form || !success || form.dataset.ready) return;
  form.dataset.ready = '1';
  const captcha = createCaptcha('feedback-captcha');
  box.querySelector('[data-feedback-captcha]')?.append(captcha.el);
  const field = (name: string): HTMLInputElement | HTMLTextAreaElement =>
    form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement;
  const length = (): number => charCount(field('content').value);
  const say = (text: string): void => {
    if (!error) return;
    error.textContent = text;
    error.hidden = !text;
  };
  const updateCount = (): void => {
    if (count) count.textContent = `${length()}/${FEEDBACK_LIMITS.contentMax}`;
  };
  updateCount();
  field('content').addEventListener('input', updateCount);
  form.addEventListener('focusin', () => void captcha.ensure());
  box.querySelector('[data-feedback-again]')?.addEventListener('click', () => {
    success.hidden = true;
    form.hidden = false;
    field('content').focus();
  });

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const n = length();
    if (n < FEEDBACK_LIMITS.contentMin) return say(tooShort('反馈内容', FEEDBACK_LIMITS.contentMin));
    if (n > FEEDBACK_LIMITS.contentMax) return say(tooLong('反馈内容', FEEDBACK_LIMITS.contentMax));
    const cap = captcha.values();
    if (captcha.active() && !cap.captcha) {
      void captcha.ensure();
      return say('请输入验证码');
    }
    say('');
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submit) submit.disabled = true;
    const r = await call(feedbackCreate, {
      name: field('name').value.trim(),
      contact: field('contact').value.trim(),
      content: field('content').value.trim(),
      ...cap,
    });
    if (submit) submit.disabled = false;
    if (captcha.active()) void captcha.reload();
    if (!isOk(r)) return say(messageOf(r, '提交失败，请稍后再试'));
    form.reset();
    updateCount();
    form.hidden = true;
    success.hidden = false;
  });
}

function dialogFor(): HTMLDialogElement | null {
  const dialog = document.querySelector<HTMLDialogElement>('dialog[data-feedback-dialog]');
  const body = dialog?.querySelector<HTMLElement>('[data-feedback-body]');
  if (!dialog || !body) return null;
  if (!body.firstElementChild) {
    body.innerHTML = feedbackFormHtml();
    initFeedbackForm(body);
    dialog.addEventListener('click', (e) => {
      if (e.target === dialog || (e.target as Element).closest('[data-dialog-close]')) dialog.close();
    });
  }
  return dialog;
}

/** Opens the feedback form: the page's own form on /feedback, else the dialog. */
export function openFeedback(): boolean {
  const inline = document.querySelector<HTMLElement>('[data-feedback-page]');
  if (inline) {
    inline.scrollIntoView({ behavior: 'smooth', block: 'center' });
    inline.querySelector<HTMLElement>('[data-testid="feedback-content"]')?.focus();
    return true;
  }
  const dialog = dialogFor();
  if (!dialog) return false;
  const form = dialog.querySelector<HTMLFormElement>('[data-feedback-form]');
  const success = dialog.querySelector<HTMLElement>('[data-feedback-success]');
  if (form && success && !success.hidden) {
    success.hidden = true;
    form.hidden = false;
  }
  if (!dialog.open) dialog.showModal();
  dialog.querySelector<HTMLElement>('[data-testid="feedback-name"]')?.focus();
  return true;
}
