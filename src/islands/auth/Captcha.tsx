/**
 * Captcha (api-contract §7.3): GET /user/captcha?type=… answers an id and a data-URI image
 * (or audio). Click the image to refresh; callers bump `reloadKey` after a failed submit.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { isOk } from '../../api/http.ts';
import { inputClass } from './ui.tsx';
import { call } from '../../api/call.ts';
import { captchaGet } from '../../api/generated/captcha.ts';
import type { CaptchaKind } from '../../contract/captcha.ts';
import { $settingsLive } from '../../stores/settings.ts';

export interface CaptchaValue {
  captcha: string;
  captcha_id: string;
}

interface Props {
  type: CaptchaKind;
  value: CaptchaValue;
  onChange: (v: CaptchaValue) => void;
  /** Changing it loads a fresh captcha. */
  reloadKey?: number;
}

export function Captcha({ type, value, onChange, reloadKey = 0 }: Props) {
  const [image, setImage] = useState('');
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    const r = await call(captchaGet, { type });
    setLoading(false);
    if (!isOk(r)) {
      setError(r.data.message || '验证码加载失败，请点击重试');
      return;
    }
    setError('');
    setImage(r.data.captcha);
    onChange({ captcha: '', captcha_id: r.data.id });
    // onChange is intentionally not a dependency: parents pass inline setters.
  }, [type]);

  useEffect(() => {
    void load();
  }, [load, reloadKey]);

  const audio = image.startsWith('data:audio/');
  return (
    <div className="mb-4">
      <label htmlFor={`captcha-${type}`} className="mb-1 block text-sm font-medium text-neutral-700">
        验证码
      </label>
      <div className="flex items-center gap-2">
        <input
          id={`captcha-${type}`}
          data-testid="captcha-input"
          className={inputClass}
          value={value.captcha}
          onChange={(e) => onChange({ ...value, captcha: e.target.value })}
          placeholder="请输入验证码"
          autoComplete="off"
          required
        />
        {audio ? (
          <span className="flex shrink-0 items-center gap-1">
            <audio controls src={image} className="h-9 w-40" />
            <button type="button" onClick={() => void load()} className="text-sm text-primary-600 hover:underline">
              刷新
            </button>
          </span>
        ) : (
          <button
            type="button"
            onClick={() => void load()}
            title="看不清？点击刷新"
            aria-label="刷新验证码"
            className="h-10 w-32 shrink-0 overflow-hidden rounded-md border border-neutral-300 bg-neutral-50 text-xs text-neutral-500"
          >
            {image ? (
              <img src={image} alt="验证码" className="h-full w-full object-contain" />
            ) : loading ? (
              '加载中...'
            ) : (
              '点击获取验证码'
            )}
          </button>
        )}
      </div>
      {error && <p className="mt-1 text-xs text-red-600">{error}</p>}
    </div>
  );
}

export const EMPTY_CAPTCHA: CaptchaValue = { captcha: '', captcha_id: '' };

/**
 * The captcha state of a form whose captcha is `on`: `fields` is what a request sends (nothing
 * while off), `missing` that nothing is typed yet, `spent()` loads a fresh one after an attempt
 * (an answer counts once, right or wrong) and `props` go to the Captcha element. Until the live
 * settings arrive, `on` may come from the page's older copy: nothing is then `missing`, and the
 * server, which knows, decides (a form sent in that moment is never refused for a switched-off captcha).
 */
export function useCaptcha(on: boolean) {
  const [value, setValue] = useState(EMPTY_CAPTCHA);
  const [reloadKey, setReloadKey] = useState(0);
  const live = useStore($settingsLive);
  return {
    value,
    fields: on ? value : {},
    missing: on && live && !value.captcha.trim(),
    spent: () => {
      if (on) setReloadKey((k) => k + 1);
    },
    props: { value, onChange: setValue, reloadKey },
  };
}
