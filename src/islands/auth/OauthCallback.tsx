/**
 * /oauth/callback?type=&code=&state= (screens §7.4): "登录中..." while the server checks the state
 * and exchanges the code. A linked account is signed in; an unknown one opens 完善用户信息: a
 * signed-in member links it at once, a visitor binds an existing account (登录并绑定) or creates
 * one (注册并绑定), with SMS on also by mobile number (OauthBindPanel).
 */
import { useEffect, useRef, useState } from 'react';
import type { SubmitEvent } from 'react';
import { isOk } from '../../api/http.ts';
import type { OauthPending } from '../../contract/oauth.ts';
import { OAUTH_LABELS, oauthTypeOf } from '../../domain/oauth.ts';
import { navigateTo } from '../../lib/navigate.ts';
import { $isLoggedIn, refreshUser, signInWith } from '../../stores/session.ts';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import { Captcha, useCaptcha } from './Captcha.tsx';
import { OauthBindPanel } from './OauthBindPanel.tsx';
import { DEFAULT_AFTER_LOGIN } from './redirect.ts';
import { AgreementCheck, EMAIL_PATTERN, Field, FormError, SubmitButton } from './ui.tsx';
import { call } from '../../api/call.ts';
import { oauthBind, oauthLogin } from '../../api/generated/oauth.ts';

const safe = (path: string) => (path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/auth/') ? path : '');

function CompleteProfile({ pending, redirect }: { pending: OauthPending; redirect: string }) {
  const { security, footer } = useSiteSettings();
  const [mode, setMode] = useState<'login' | 'register'>('register');
  const [agreed, setAgreed] = useState(false);
  // the bind signs in or registers, so the site's login or register captcha applies
  const captchaOn = mode === 'login' ? security.enable_captcha_login : security.enable_captcha_register;
  const captcha = useCaptcha(captchaOn);
  const [f, setF] = useState({ username: '', password: '', confirm: '', email: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** The name, test id, value and setter of the bind form's field `k` (`bind-{k}`). */
  const bound = (k: keyof typeof f) => ({
    name: `bind-${k}`,
    testId: `bind-${k}`,
    value: f[k],
    onValue: (v: string) => setF((o) => ({ ...o, [k]: v })),
  });

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    if (!f.username.trim()) return setError(mode === 'login' ? '请输入用户名或邮箱' : '请输入用户名');
    if (!f.password) return setError('请输入密码');
    if (mode === 'register') {
      if (f.password !== f.confirm) return setError('两次输入的密码不一致');
      if (!EMAIL_PATTERN.test(f.email.trim())) return setError('请输入正确的电子邮箱');
      if (!agreed) return setError('请先阅读并同意《文库协议》');
    }
    if (captcha.missing) return setError('请输入验证码');
    setBusy(true);
    const r = await call(oauthBind, {
      ...pending,
      mode,
      username: f.username.trim(),
      password: f.password,
      email: f.email.trim(),
      ...captcha.fields,
    });
    const result = await signInWith(r);
    setBusy(false);
    captcha.spent();
    if (!result.ok) return setError(result.message);
    navigateTo(redirect || DEFAULT_AFTER_LOGIN);
  };

  const provider = OAUTH_LABELS[pending.oauth_type] ?? '第三方';
  return (
    <form onSubmit={submit} noValidate data-testid="oauth-complete">
      <h2 className="mb-2 text-center text-lg font-semibold text-neutral-800">完善用户信息</h2>
      <p className="mb-4 flex items-center justify-center gap-2 text-sm text-neutral-600">
        {pending.avatar && <img src={pending.avatar} alt="" width={24} height={24} className="rounded-full" />}
        {provider}账号「{pending.nickname || pending.username || pending.openid}」尚未绑定本站账号
      </p>
      <FormError message={error} />
      <Field
        label={mode === 'login' ? '账号' : '用户名'}
        {...bound('username')}
        placeholder={mode === 'login' ? '用户名或邮箱' : '3-32个字符'}
        autoComplete="username"
      />
      <Field
        label="密码"
        type="password"
        {...bound('password')}
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
      />
      {mode === 'register' && (
        <>
          <Field label="确认密码" type="password" {...bound('confirm')} />
          <Field label="电子邮箱" type="email" {...bound('email')} />
          <AgreementCheck href={footer.agreement} checked={agreed} onChange={setAgreed} />
        </>
      )}
      {captchaOn && <Captcha key={mode} type={mode === 'login' ? 'login' : 'register'} {...captcha.props} />}
      <SubmitButton label={mode === 'login' ? '登录并绑定' : '注册并绑定'} busy={busy} testId="bind-submit" />
      <button
        type="button"
        onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
        className="mt-4 w-full text-center text-sm text-primary-600 hover:underline"
      >
        {mode === 'login' ? '没有帐号？注册一个' : '已有帐号？点此绑定'}
      </button>
    </form>
  );
}

export default function OauthCallback() {
  const [error, setError] = useState('');
  const [pending, setPending] = useState<{ oauth: OauthPending; redirect: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const q = new URLSearchParams(location.search);
    const type = oauthTypeOf(q.get('type') ?? '');
    const code = q.get('code') ?? '';
    if (!type || !code) {
      setError(type ? '缺少授权码，请重新发起第三方登录' : '不支持的登录方式');
      return;
    }
    void (async () => {
      const signedIn = $isLoggedIn.get() && (await refreshUser()).ok;
      // a linked provider account answers a token; an unknown one a pending account (`oauth.session`) to link
      const r = await call(oauthLogin, { code, state: q.get('state') ?? '', oauth_type: type });
      if (!isOk(r)) return setError(r.data.message || '第三方登录失败');
      const redirect = safe(r.data.redirect);
      if (r.data.token) {
        const result = await signInWith(r);
        if (!result.ok) return setError(result.message);
        return navigateTo(redirect || DEFAULT_AFTER_LOGIN);
      }
      if (!r.data.oauth.session) return setError('第三方登录失败');
      if (signedIn) {
        const b = await call(oauthBind, r.data.oauth);
        if (!isOk(b)) return setError(b.data.message || '绑定失败');
        return navigateTo(redirect || '/member/profile?tab=oauth');
      }
      setPending({ oauth: r.data.oauth, redirect });
    })();
  }, []);

  if (error)
    return (
      <div className="py-6 text-center">
        <FormError message={error} />
        <a
          href="/auth/login"
          className="mt-2 inline-block rounded-md bg-primary-600 px-6 py-2 text-sm text-white hover:bg-primary-700"
        >
          返回登录
        </a>
      </div>
    );
  if (pending)
    return (
      <OauthBindPanel
        pending={pending.oauth}
        accountForm={<CompleteProfile pending={pending.oauth} redirect={pending.redirect} />}
        onDone={() => navigateTo(pending.redirect || DEFAULT_AFTER_LOGIN)}
      />
    );
  return (
    <p className="flex items-center justify-center gap-2 py-6 text-neutral-600">
      <span
        className="h-4 w-4 animate-spin rounded-full border-2 border-primary-600 border-t-transparent"
        aria-hidden="true"
      ></span>
      登录中...
    </p>
  );
}
