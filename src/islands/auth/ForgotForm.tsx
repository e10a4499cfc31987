/**
 * /auth/forgot (screens §7.3). Without `token`: e-mail (+ captcha) → reset mail. With
 * `?token=&email=`: new password twice (+ captcha) → set, then back to the login page.
 */
import { useEffect, useState } from 'react';
import type { SubmitEvent } from 'react';
import { isOk } from '../../api/http.ts';
import { navigateTo } from '../../lib/navigate.ts';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import { Captcha, useCaptcha } from './Captcha.tsx';
import { EMAIL_PATTERN, EmailField, FormLinks, FormMessages, NewPasswordFields, SubmitButton } from './ui.tsx';
import { call } from '../../api/call.ts';
import { userFindPasswordStepOne, userFindPasswordStepTwo } from '../../api/generated/user.ts';

// the server answers alike whether or not the address has an account, so the page cannot know
export const STEP_ONE_DONE = '如果该邮箱已注册，重置密码的邮件已经发出，请查收邮箱';
export const STEP_TWO_DONE = '设置成功，请用新密码重新登录';
export const NO_MAIL = '本站尚未配置邮件服务，暂时无法通过邮箱找回密码，请联系网站管理员';

export default function ForgotForm() {
  const { security, email: mail } = useSiteSettings();
  const captchaOn = security.enable_captcha_find_password;
  // the reset mail cannot be sent: say so before the visitor types anything
  const noMail = mail.disabled;
  const [token, setToken] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const captcha = useCaptcha(captchaOn);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const q = new URLSearchParams(location.search);
    setToken(q.get('token') ?? '');
    setEmail(q.get('email') ?? '');
  }, []);

  const stepTwo = Boolean(token);

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) return setError('请输入正确的电子邮箱');
    if (stepTwo && password.length < 6) return setError('密码长度至少6个字符');
    if (stepTwo && password !== confirm) return setError('两次输入的密码不一致');
    if (captcha.missing) return setError('请输入验证码');
    setBusy(true);
    setError('');
    setSuccess('');
    const r = stepTwo
      ? await call(userFindPasswordStepTwo, { email: email.trim(), token, password, ...captcha.fields })
      : await call(userFindPasswordStepOne, { email: email.trim(), ...captcha.fields });
    setBusy(false);
    if (!isOk(r)) {
      setError(r.data.message || '操作失败，请稍后再试');
      captcha.spent();
      return;
    }
    if (!stepTwo) {
      // the captcha is spent: another request needs a fresh one
      captcha.spent();
      return setSuccess(STEP_ONE_DONE);
    }
    setSuccess(STEP_TWO_DONE);
    setTimeout(() => navigateTo('/auth/login'), 1500);
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormMessages warning={noMail ? NO_MAIL : ''} error={error} success={success} />
      <EmailField
        testId="forgot-email"
        placeholder="请输入注册时使用的电子邮箱"
        value={email}
        readOnly={stepTwo}
        onValue={setEmail}
      />
      {stepTwo && (
        <NewPasswordFields
          prefix="forgot"
          label="新密码"
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
      )}
      {captchaOn && <Captcha type="find_password" {...captcha.props} />}
      <SubmitButton
        label={stepTwo ? '设置新密码' : '发送重置邮件'}
        busy={busy}
        disabled={noMail && !stepTwo}
        testId="forgot-submit"
      />
      <FormLinks left={{ href: '/auth/login', text: '返回登录' }} right={{ href: '/auth/register', text: '注册账户' }} />
    </form>
  );
}
