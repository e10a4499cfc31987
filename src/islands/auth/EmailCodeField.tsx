/** 邮箱验证码 with 获取验证码 (screens §7.2): needs the e-mail (and captcha when on); 60 s countdown. */
import { useState } from 'react';
import { isOk } from '../../api/http.ts';
import type { CaptchaValue } from './Captcha.tsx';
import { refusalWait, SendCodeButton, useCountdown } from './SendCodeButton.tsx';
import { EMAIL_PATTERN, Field } from './ui.tsx';
import { call } from '../../api/call.ts';
import { userSendEmailCode } from '../../api/generated/user.ts';

interface Props {
  email: string;
  captcha: CaptchaValue | null;
  value: string;
  onChange: (v: string) => void;
  onError: (message: string) => void;
  onSent: () => void;
}

export function EmailCodeField({ email, captcha, value, onChange, onError, onSent }: Props) {
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (!EMAIL_PATTERN.test(email.trim())) return onError('请输入正确的电子邮箱');
    if (captcha && !captcha.captcha.trim()) return onError('请先输入验证码');
    setSending(true);
    const r = await call(userSendEmailCode, { email: email.trim(), type: 0, ...(captcha ?? {}) });
    setSending(false);
    if (!isOk(r)) {
      if (refusalWait(r.data.message)) countdown.start(refusalWait(r.data.message));
      return onError(r.data.message || '验证码发送失败');
    }
    countdown.start();
    onSent();
  };

  return (
    <Field
      label="邮箱验证码"
      name="code"
      placeholder="请输入邮箱验证码"
      autoComplete="one-time-code"
      value={value}
      onValue={onChange}
      required
    >
      <SendCodeButton left={countdown.left} busy={sending} onSend={() => void send()} />
    </Field>
  );
}
