/**
 * Captcha row for the public message forms (comments, feedback): shown while
 * `settings.security.enable_captcha_comment` is on, to a signed-in member only when
 * `enable_captcha_comment_member` is on too (as the server asks); the image comes from
 * GET /user/captcha?type=comment when the form is first used; click the image to refresh.
 * Plain DOM, no UI kit.
 */
import { isOk } from '../../api/http.ts';
import { $settings } from '../../stores/settings.ts';
import { $token } from '../../stores/token.ts';
import { call } from '../../api/call.ts';
import { captchaGet } from '../../api/generated/captcha.ts';

export interface CaptchaControl {
  /** The row to place in the form. */
  el: HTMLElement;
  /** Whether the form must send a captcha now. */
  active(): boolean;
  /** Loads an image unless one is already shown. */
  ensure(): Promise<void>;
  /** A fresh image (after every submit: the server consumes the captcha). */
  reload(): Promise<void>;
  /** `{captcha, captcha_id}` to send, or {} when no captcha is asked. */
  values(): { captcha?: string; captcha_id?: string };
  destroy(): void;
}

const INPUT = 'w-32 rounded-md border border-neutral-300 px-2 py-1.5 text-sm outline-none focus:border-primary-500';

export function createCaptcha(testId: string): CaptchaControl {
  const el = document.createElement('div');
  el.className = 'flex items-center gap-2';
  el.dataset.captcha = '';
  const input = document.createElement('input');
  input.type = 'text';
  input.autocomplete = 'off';
  input.placeholder = '请输入验证码';
  input.maxLength = 16;
  input.className = INPUT;
  input.dataset.testid = testId;
  input.setAttribute('aria-label', '验证码');
  const btn = document.createElement('button');
  btn.type = 'button';
  btn.title = '看不清？点击刷新';
  btn.setAttribute('aria-label', '刷新验证码');
  btn.className =
    'flex h-9 w-28 items-center justify-center overflow-hidden rounded-md border border-neutral-300 bg-neutral-50 text-xs text-neutral-500';
  btn.textContent = '点击获取验证码';
  el.append(input, btn);

  let id = '';
  let serverOff = false;
  let loading: Promise<void> | null = null;
  const enabled = (): boolean => {
    const { security } = $settings.get();
    return security.enable_captcha_comment && (!$token.get() || security.enable_captcha_comment_member) && !serverOff;
  };

  const load = (): Promise<void> =>
    (loading ??= (async () => {
      btn.textContent = '加载中...';
      const r = await call(captchaGet, { type: 'comment' });
      loading = null;
      input.value = '';
      if (!isOk(r)) {
        id = '';
        btn.textContent = '加载失败，点击重试';
        return;
      }
      if (!r.data.enable) {
        // the server does not ask for one (settings changed since the build)
        serverOff = true;
        el.hidden = true;
        return;
      }
      id = r.data.id;
      btn.replaceChildren();
      const img = document.createElement('img');
      img.src = r.data.captcha;
      img.alt = '验证码';
      img.className = 'h-full w-full object-contain';
      btn.append(img);
    })());

  btn.addEventListener('click', () => void load());
  const show = (): void => {
    el.hidden = !enabled();
  };
  const unsubscribers = [$settings.subscribe(show), $token.subscribe(show)];

  return {
    el,
    active: () => enabled() && !el.hidden,
    ensure: () => (enabled() && !id ? load() : Promise.resolve()),
    reload: () => (enabled() ? load() : Promise.resolve()),
    values: () => (enabled() ? { captcha: input.value.trim(), captcha_id: id } : {}),
    destroy: () => unsubscribers.forEach((off) => off()),
  };
}
