/** /auth/register (screens §7.2): 用户名, 密码, 确认密码, 电子邮箱, captcha, 同意《文库协议》, 立即注册. */
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { navigateTo } from '../../lib/navigate.ts';
import { registerWith } from '../../stores/session.ts';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import { Captcha, useCaptcha } from './Captcha.tsx';
import { EmailCodeField } from './EmailCodeField.tsx';
import { redirectQuery, redirectTarget } from './redirect.ts';
import {
  AgreementCheck,
  EMAIL_PATTERN,
  EmailField,
  Field,
  FormLinks,
  FormMessages,
  NewPasswordFields,
  SubmitButton,
} from './ui.tsx';
import { useRedirectIfSignedIn } from './useRedirectIfSignedIn.ts';

function validate(f: { username: string; password: string; confirm: string; email: string }): string {
  const name = f.username.trim();
  if (name.length < 3 || name.length > 32) return '用户名长度为3-32个字符';
  if (!f.password) return '请输入登录密码';
  if (f.password.length < 6) return '密码长度至少6个字符';
  if (f.password !== f.confirm) return '两次输入的密码不一致';
  if (!EMAIL_PATTERN.test(f.email.trim())) return '请输入正确的电子邮箱';
  return '';
}

export default function RegisterForm() {
  const { security, footer } = useSiteSettings();
  const captchaOn = security.enable_captcha_register;
  const open = security.enable_register;
  const [form, setForm] = useState({ username: '', password: '', confirm: '', email: '', code: '' });
  const [agreed, setAgreed] = useState(false);
  const captcha = useCaptcha(captchaOn);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  useRedirectIfSignedIn();

  const set = (key: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [key]: v }));

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const invalid = validate(form);
    if (invalid) return setError(invalid);
    if (security.enable_verify_register_email && !form.code.trim()) return setError('请输入邮箱验证码');
    if (captcha.missing) return setError('请输入验证码');
    if (!agreed) return setError('请先阅读并同意《文库协议》');
    setBusy(true);
    setError('');
    const r = await registerWith({
      username: form.username.trim(),
      password: form.password,
      email: form.email.trim(),
      ...(security.enable_verify_register_email ? { code: form.code.trim() } : {}),
      ...captcha.fields,
    });
    if (r.ok) {
      navigateTo(redirectTarget(location.search));
      return;
    }
    setBusy(false);
    setError(r.message);
    captcha.spent();
  };

  const query = typeof location === 'undefined' ? '' : redirectQuery(location.search);
  return (
    <form onSubmit={submit} noValidate>
      <FormMessages warning={open ? '' : '网站暂未开放用户注册'} error={error} success={notice} />
      <Field
        label="用户名"
        name="username"
        testId="register-username"
        placeholder="3-32个字符"
        autoComplete="username"
        value={form.username}
        onValue={set('username')}
        required
        minLength={3}
        maxLength={32}
      />
      <NewPasswordFields
        prefix="register"
        label="登录密码"
        password={form.password}
        confirm={form.confirm}
        onPassword={set('password')}
        onConfirm={set('confirm')}
      />
      <EmailField testId="register-email" value={form.email} onValue={set('email')} />
      {captchaOn && <Captcha type="register" {...captcha.props} />}
      {security.enable_verify_register_email && (
        <EmailCodeField
          email={form.email}
          captcha={captchaOn ? captcha.value : null}
          value={form.code}
          onChange={set('code')}
          onError={(m) => {
            setNotice('');
            setError(m);
          }}
          onSent={() => {
            setError('');
            setNotice('验证码已发送，请查收邮箱');
          }}
        />
      )}
      <AgreementCheck href={footer.agreement} checked={agreed} onChange={setAgreed} />
      <SubmitButton label="立即注册" busy={busy} disabled={!open} testId="register-submit" />
      <FormLinks left={{ href: '/auth/forgot', text: '找回密码' }} right={{ href: `/auth/login${query}`, text: '马上登录' }} />
    </form>
  );
}
