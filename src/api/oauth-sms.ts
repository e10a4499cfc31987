/** Third-party sign-in and SMS calls (pro contract: OAuth and SMS sections). */
import type { OauthConfig, OauthPending, UserOauth } from '../contract/oauth.ts';
import type { Sms, SmsListQuery } from '../contract/sms.ts';
import { normalizeUser } from './defaults.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import type { LoginReply } from './types.ts';

type Empty = Record<string, never>;

const loginReply = (d: unknown): LoginReply => {
  const o = (d ?? {}) as { token?: unknown; user?: unknown };
  return { token: typeof o.token === 'string' ? o.token : '', user: normalizeUser(o.user) };
};

export interface OauthLoginResult {
  login: LoginReply | null;
  oauth: OauthPending | null;
  redirect: string;
}

export const listOauthConfigs = async (): Promise<ApiResult<OauthConfig[]>> =>
  mapOk(await http.get<{ oauths?: OauthConfig[] }>('/oauth/configs'), (d) => d.oauths ?? []);

export const oauthLogin = async (body: {
  code: string;
  state: string;
  oauth_type: number;
}): Promise<ApiResult<OauthLoginResult>> =>
  mapOk(await http.post<{ token?: string; oauth?: OauthPending; redirect?: string }>('/oauth/login', body), (d) => ({
    login: d.token ? loginReply(d) : null,
    oauth: d.oauth ?? null,
    redirect: d.redirect ?? '',
  }));

export interface OauthBindBody {
  openid: string;
  oauth_type: number;
  session: string;
  /** mobile_*: with SMS on, by a mobile number and its SMS code */
  mode?: 'login' | 'register' | 'mobile_login' | 'mobile_register';
  mobile?: string;
  username?: string;
  password?: string;
  email?: string;
  code?: string;
  captcha?: string;
  captcha_id?: string;
}

/** Signed in: `{}`; otherwise the account signed into (`token` + `user`). */
export const oauthBind = async (body: OauthBindBody): Promise<ApiResult<LoginReply>> =>
  mapOk(await http.post<unknown>('/oauth/bind', body), loginReply);

export const listMyOauth = async (): Promise<ApiResult<UserOauth[]>> =>
  mapOk(await http.get<{ oauth?: UserOauth[] }>('/user/oauth'), (d) => d.oauth ?? []);

export const unbindOauth = (id: number): Promise<ApiResult<Empty>> => http.del<Empty>('/user/oauth', { id });

/** POST /sms/test (back office): a test code through the saved 短信配置. */
export const sendTestSms = (mobile: string) => http.post<Empty>('/sms/test', { mobile });

export const sendSms = (body: { mobile: string; type: number; captcha: string; captcha_id: string }) =>
  http.post<{ is_registered?: boolean }>('/sms', body);

export const registerMobile = async (body: { mobile: string; code: string; password: string }): Promise<ApiResult<LoginReply>> =>
  mapOk(await http.post<unknown>('/user/register/mobile', body), loginReply);

export const loginMobile = async (body: { mobile: string; code: string }): Promise<ApiResult<LoginReply>> =>
  mapOk(await http.post<unknown>('/user/login/mobile', body), loginReply);

export const findPasswordMobile = (body: { mobile: string; code: string; password: string }) =>
  http.post<Empty>('/user/findpassword/mobile', body);

export const listSms = async (params: SmsListQuery): Promise<ApiResult<{ total: number; sms: Sms[] }>> =>
  mapOk(await http.get<{ total?: number; sms?: Sms[] }>('/sms/list', params), (d) => ({ total: d.total ?? 0, sms: d.sms ?? [] }));
