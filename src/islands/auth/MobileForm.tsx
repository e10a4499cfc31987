/**
 * The 手机号 forms (screens §7.1–7.3): number, image captcha, 短信验证码 with a 60 s send button,
 * and a password for registration and reset. Login and registration sign in; reset reports success.
 * 完善用户信息 uses the login and register forms with its own call (`signIn`, the OAuth bind).
 */
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { isOk } from '../../api/http.ts';
import type { ApiResult } from '../../api/http.ts';
import type { LoginReply } from '../../api/types.ts';
import { SMS_TYPE } from '../../domain/status.ts';
import { signInWith } from '../../stores/session.ts';
import { Captcha, useCaptcha } from './Captcha.tsx';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import { refusalWait, SendCodeButton, useCountdown } from './SendCodeButton.tsx';
import { AgreementCheck, Field, FormMessages, SubmitButton } from './ui.tsx';
import { call as callApi } from '../../api/call.ts';
import { smsSend } from '../../api/generated/sms.ts';
import { userFindPasswordMobile, userLoginMobile, userRegisterMobile } from '../../api/generated/user.ts';

export type MobileMode = 'login' | 'register' | 'reset';
const TYPE: Record<MobileMode, number> = { register: SMS_TYPE.register, login: SMS_TYPE.login, reset: SMS_TYPE.findPassword };
const MOBILE = /^(\+?86)?1[3-9]\d{9}$/;
const LABEL: Record<MobileMode, string> = { login: '立即登录', register: '立即注册', reset: '重置密码' };

interface Props {
  mode: MobileMode;
  /** after signing in (login, register) or after the reset */
  onDone: () => void;
  /** signs in another way than POST /user/login|register/mobile (login and register modes) */
  signIn?: (body: { mobile: string; code: string; password: string }) => Promise<ApiResult<LoginReply>>;
  submitLabel?: string;
}

export function MobileForm({ mode, onDone, signIn, submitLabel }: Props) {
  const { footer } = useSiteSettings();
  const [agreed, setAgreed] = useState(false);
  const [mobile, setMobile] = useState('');
  const captcha = useCaptcha(true);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const countdown = useCountdown();
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setError('');
    if (!MOBILE.test(mobile.replace(/[\s-]/g, ''))) return setError('请输入正确的手机号码');
    if (captcha.missing) return setError('请先输入图片验证码');
    setBusy(true);
    const r = await callApi(smsSend, { mobile, type: TYPE[mode], ...captcha.value });
    setBusy(false);
    // a captcha answers once, right or wrong
    captcha.spent();
    if (!isOk(r)) {
      if (refusalWait(r.data.message)) countdown.start(refusalWait(r.data.message));
      return setError(r.data.message || '短信发送失败');
    }
    countdown.start();
    setNotice('短信验证码已发送，5分钟内有效');
  };

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    if (!MOBILE.test(mobile.replace(/[\s-]/g, ''))) return setError('请输入正确的手机号码');
    if (!/^\d{6}$/.test(code.trim())) return setError('请输入6位短信验证码');
    if (mode !== 'login' && password.length < 6) return setError('密码至少6位');
    if (mode === 'register' && !agreed) return setError('请先阅读并同意《文库协议》');
    setBusy(true);
    const body = { mobile, code: code.trim(), password };
    if (mode === 'reset') {
      const r = await callApi(userFindPasswordMobile, body);
      setBusy(false);
      if (!isOk(r)) return setError(r.data.message || '重置失败');
      setNotice('设置成功，请用新密码重新登录');
      onDone();
      return;
    }
    const answer = signIn ? await signIn(body) : await callApi(mode === 'login' ? userLoginMobile : userRegisterMobile, body);
    const result = await signInWith(answer);
    setBusy(false);
    if (!result.ok) return setError(result.message);
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate data-testid={`mobile-${mode}`}>
      <FormMessages error={error} success={notice} />
      <Field
        label="手机号码"
        name="mobile"
        type="tel"
        testId="mobile-input"
        placeholder="请输入手机号码"
        autoComplete="tel"
        value={mobile}
        onValue={setMobile}
        required
      />
      <Captcha type="sms" {...captcha.props} />
      <Field
        label="短信验证码"
        name="sms-code"
        testId="sms-code-input"
        placeholder="请输入6位短信验证码"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onValue={setCode}
        required
      >
        <SendCodeButton left={countdown.left} busy={busy} onSend={() => void send()} testId="sms-send" />
      </Field>
      {mode !== 'login' && (
        <Field
          label={mode === 'reset' ? '新密码' : '登录密码'}
          name="mobile-password"
          type="password"
          testId="mobile-password"
          placeholder="至少6位"
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          required
        />
      )}
      {mode === 'register' && <AgreementCheck href={footer.agreement} checked={agreed} onChange={setAgreed} />}
      <SubmitButton label={submitLabel ?? LABEL[mode]} busy={busy} testId="mobile-submit" />
    </form>
  );
}
