/** /auth/login (screens §7.1): 账号, 密码, optional captcha, 立即登录; links keep `redirect`. */
import { useState } from 'react';
import type { SubmitEvent } from 'react';
import { LOGIN_CAPTCHA_REQUIRED } from '../../domain/rules.ts';
import { navigateTo } from '../../lib/navigate.ts';
import { loginWith } from '../../stores/session.ts';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import { Captcha, useCaptcha } from './Captcha.tsx';
import { redirectQuery, redirectTarget } from './redirect.ts';
import { Field, FormError, FormLinks, SubmitButton } from './ui.tsx';
import { useRedirectIfSignedIn } from './useRedirectIfSignedIn.ts';

export default function LoginForm() {
  const settings = useSiteSettings();
  // the server asks for a captcha while logins are under attack, even with the switch off
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const captchaOn = settings.security.enable_captcha_login || captchaAsked;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const captcha = useCaptcha(captchaOn);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useRedirectIfSignedIn();

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!username.trim()) return setError('请输入账号');
    if (!password) return setError('请输入密码');
    if (captcha.missing) return setError('请输入验证码');
    setBusy(true);
    setError('');
    const r = await loginWith({ username: username.trim(), password, ...captcha.fields });
    if (r.ok) {
      navigateTo(redirectTarget(location.search));
      return;
    }
    setBusy(false);
    setError(r.message);
    if (r.message === LOGIN_CAPTCHA_REQUIRED) setCaptchaAsked(true);
    captcha.spent();
  };

  const query = typeof location === 'undefined' ? '' : redirectQuery(location.search);
  return (
    <form onSubmit={submit} noValidate>
      <FormError message={error} />
      <Field
        label="账号"
        name="username"
        testId="login-username"
        placeholder="用户名、邮箱或手机号"
        autoComplete="username"
        value={username}
        onValue={setUsername}
        required
      />
      <Field
        label="密码"
        name="password"
        type="password"
        testId="login-password"
        placeholder="请输入密码"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
        required
      />
      {captchaOn && <Captcha type="login" {...captcha.props} />}
      <SubmitButton label="立即登录" busy={busy} testId="login-submit" />
      <FormLinks left={{ href: '/auth/forgot', text: '找回密码' }} right={{ href: `/auth/register${query}`, text: '注册账户' }} />
    </form>
  );
}
