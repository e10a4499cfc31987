/** 邮箱验证码 with 获取验证码 (screens §7.2): needs the e-mail (and captcha when on); 60 s countdown. */
import { useEffect, useState } from 'react';
import { isOk } from '../../api/http.ts';
import { sendEmailCode } from '../../api/user.ts';
import type { CaptchaValue } from './Captcha.tsx';
import { EMAIL_PATTERN, Field } from './ui.tsx';

interface Props {
  email: string;
  captcha: CaptchaValue | null;
  value: string;
  onChange: (v: string) => void;
  onError: (message: string) => void;
  onSent: () => void;
}

const COUNTDOWN = 60;

export function EmailCodeField({ email, captcha, value, onChange, onError, onSent }: Props) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  const send = async () => {
    if (!EMAIL_PATTERN.test(email.trim())) return onError('请输入正确的电子邮箱');
    if (captcha && !captcha.captcha.trim()) return onError('请先输入验证码');
    setSending(true);
    const r = await sendEmailCode({ email: email.trim(), type: 0, ...(captcha ?? {}) });
    setSending(false);
    if (!isOk(r)) return onError(r.data.message || '验证码发送失败');
    setLeft(COUNTDOWN);
    onSent();
  };

  return (
    <Field
      label="邮箱验证码"
      name="code"
      placeholder="请输入邮箱验证码"
      autoComplete="one-time-code"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
    >
      <button
        type="button"
        onClick={() => void send()}
        disabled={sending || left > 0}
        className="shrink-0 rounded-md border border-primary-600 px-3 text-sm text-primary-700 hover:bg-primary-50 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {left > 0 ? `${left} 秒后重试` : '获取验证码'}
      </button>
    </Field>
  );
}
