/**
 * The auth pages' islands (screens §7.1–7.3): with SMS on, tabs between the e-mail/password form
 * and the 手机号 form; login and register end with the third-party icons (hidden when the site is closed).
 */
import { useState } from 'react';
import { navigateTo } from '../../lib/navigate.ts';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import ForgotForm from './ForgotForm.tsx';
import LoginForm from './LoginForm.tsx';
import { MobileForm, type MobileMode } from './MobileForm.tsx';
import { OauthButtons } from './OauthButtons.tsx';
import { redirectTarget } from './redirect.ts';
import RegisterForm from './RegisterForm.tsx';
import { TabBar } from './ui.tsx';
import { useRedirectIfSignedIn } from './useRedirectIfSignedIn.ts';

type Kind = 'login' | 'register' | 'forgot';
const TABS: Record<Kind, [string, string]> = {
  login: ['密码登录', '短信登录'],
  register: ['邮箱注册', '手机注册'],
  forgot: ['通过邮箱找回', '通过手机号找回'],
};
const MOBILE_MODE: Record<Kind, MobileMode> = { login: 'login', register: 'register', forgot: 'reset' };

export function AuthPanel({ kind }: { kind: Kind }) {
  const settings = useSiteSettings();
  const [mobile, setMobile] = useState(false);
  useRedirectIfSignedIn();
  const smsOn = settings.sms.enable && !(kind === 'register' && !settings.security.enable_register);
  const done = () => {
    if (kind === 'forgot') setTimeout(() => navigateTo('/auth/login'), 1500);
    else navigateTo(redirectTarget(location.search));
  };
  const Primary = kind === 'login' ? LoginForm : kind === 'register' ? RegisterForm : ForgotForm;
  return (
    <div>
      {smsOn && <TabBar labels={TABS[kind]} active={mobile ? 1 : 0} onChange={(i) => setMobile(i === 1)} />}
      {smsOn && mobile ? <MobileForm mode={MOBILE_MODE[kind]} onDone={done} /> : <Primary />}
      {kind !== 'forgot' && !settings.security.is_close && (
        <OauthButtons redirect={typeof location === 'undefined' ? '' : redirectTarget(location.search)} />
      )}
    </div>
  );
}

export const LoginPanel = () => <AuthPanel kind="login" />;
export const RegisterPanel = () => <AuthPanel kind="register" />;
export const ForgotPanel = () => <AuthPanel kind="forgot" />;
