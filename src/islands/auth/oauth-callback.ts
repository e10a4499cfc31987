/**
 * /oauth/callback: third-party sign-in is not wired into the server yet, so after the
 * live settings are known this page explains that instead of faking a login.
 */
import { boot } from '../../stores/boot.ts';
import { $settings } from '../../stores/settings.ts';

export const OAUTH_NOT_CONFIGURED = '第三方登录未配置，请使用账号密码登录';
export const OAUTH_UNAVAILABLE = '第三方登录暂不可用：服务器尚未接入该登录方式';

/** The message for a callback with `code`/`type` under the given provider switches. */
export function oauthMessage(search: string, oauth: { qq: boolean; wechat: boolean }): string {
  const q = new URLSearchParams(search);
  const code = (q.get('code') ?? '').trim();
  const type = (q.get('type') ?? q.get('oauth_type') ?? '').trim().toLowerCase();
  const enabled = type === 'qq' ? oauth.qq : type === 'wechat' ? oauth.wechat : oauth.qq || oauth.wechat;
  return code && enabled ? OAUTH_UNAVAILABLE : OAUTH_NOT_CONFIGURED;
}

const status = document.querySelector<HTMLElement>('[data-oauth-status]');
const result = document.querySelector<HTMLElement>('[data-oauth-result]');
const text = document.querySelector<HTMLElement>('[data-oauth-message]');

if (status && result && text) {
  void boot().then(() => {
    text.textContent = oauthMessage(location.search, $settings.get().oauth);
    status.hidden = true;
    result.hidden = false;
  });
}
