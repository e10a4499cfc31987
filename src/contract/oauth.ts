import { z } from 'zod';
import { OAUTH_LABELS, OAUTH_NAMES } from '../domain/oauth.ts';
import { captchaFields } from './captcha.ts';
import { integer } from './common.ts';
import { itemsReply, numbers, optionalStrings, strings } from './reply.ts';
import { endpoint, service } from './endpoint.ts';
import { emailField, passwordField, user, usernameField } from './user.ts';

const oauthType = integer(
  z
    .number({ error: '不支持的登录方式' })
    .int()
    .refine((v) => v in OAUTH_LABELS, '不支持的登录方式'),
);

/** GET /oauth/authorize (Wenku): starts a sign-in; the browser is sent on to the provider. */
export const oauthAuthorizeQuery = z.object({
  type: z.enum(OAUTH_NAMES, { error: '不支持的登录方式' }),
  /** where to land after signing in: a path on this site */
  redirect: z
    .string()
    .trim()
    .max(512)
    .default('')
    .transform((v) => (v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\') ? v : '')),
});

export const oauthLoginBody = z.object({
  code: z.string({ error: '缺少授权码' }).trim().min(1, '缺少授权码').max(512),
  oauth_type: oauthType,
  state: z.string({ error: '登录状态无效，请重新发起第三方登录' }).trim().max(128).default(''),
});
export type OauthLoginBody = z.input<typeof oauthLoginBody>;

/**
 * POST /oauth/bind: a signed-in member links the pending account to itself; a visitor either names
 * an existing account with its password (`mode` login) or creates one (`mode` register), or, with
 * SMS on, signs in to the account of a mobile number (`mobile_login`: `mobile` and the login SMS
 * `code`) or creates one (`mobile_register`: `mobile`, the register SMS `code` and `password`);
 * the link is made in the same transaction.
 */
export const oauthBindBody = z.object({
  openid: z.string({ error: '第三方账号信息已失效，请重新登录' }).trim().min(1).max(128),
  oauth_type: oauthType,
  session: z.string({ error: '第三方账号信息已失效，请重新登录' }).trim().min(1).max(128),
  mode: z.enum(['login', 'register', 'mobile_login', 'mobile_register']).optional(),
  mobile: z.string().trim().max(32).optional(),
  username: z.string().trim().max(128).optional(),
  password: z.string().max(128).optional(),
  email: z.string().trim().max(128).optional(),
  code: z.string().trim().max(16).default(''),
  ...captchaFields,
});
export type OauthBindBody = z.input<typeof oauthBindBody>;
/** The account fields each bind mode needs (checked after the mode is known). */
export const bindLoginFields = z.object({
  username: z.string({ error: '请输入用户名或邮箱' }).trim().min(1, '请输入用户名或邮箱'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码'),
});
export const bindRegisterFields = z.object({ username: usernameField, password: passwordField, email: emailField });

export const userOauthDeleteQuery = z.object({
  id: integer(z.number({ error: '请指定要解绑的账号' }).int().positive('请指定要解绑的账号')),
});

/** One enabled provider (pro contract GET /oauth/configs). */
export const oauthConfig = z.object({
  type: z.number(),
  ...strings('name', 'icon', 'client_id', 'redirect_url'),
  /** Wenku: the start URL on this site (it adds the browser-bound state and redirects to the provider) */
  authorize_url: z.string(),
});
export type OauthConfig = z.infer<typeof oauthConfig>;

/** A provider account that signed in but is linked to no account yet. */
export const oauthPending = z.object({
  ...strings('openid', 'session'),
  oauth_type: z.number(),
  ...optionalStrings('username', 'nickname', 'avatar'),
});
export type OauthPending = z.infer<typeof oauthPending>;

/** POST /oauth/login: `token` + `user` when linked, else `oauth`; `redirect` where the sign-in began. */
export const oauthLoginReply = z.object({
  token: z.string().optional(),
  user: user.optional(),
  oauth: oauthPending.optional(),
  redirect: z.string().optional(),
});
export type OauthLoginReply = z.infer<typeof oauthLoginReply>;

export const userOauth = z.object({
  ...numbers('id', 'oauth_type'),
  ...optionalStrings('username', 'nickname', 'avatar', 'created_at'),
});
export type UserOauth = z.infer<typeof userOauth>;

/** Third-party sign-in (pro contract: OAuth): no permission is involved, a member manages his own links. */
export const oauthApi = service('OauthAPI', '第三方登录', {
  calls: {
    configs: endpoint.get('/oauth/configs', 'public', { reply: itemsReply('oauths', oauthConfig) }),
    authorize: endpoint.get('/oauth/authorize', 'public', {
      query: oauthAuthorizeQuery,
      reply: z.null().describe('跳转到第三方授权页'),
      status: 302,
    }),
    login: endpoint.post('/oauth/login', 'public', { body: oauthLoginBody, reply: oauthLoginReply }),
    bind: endpoint.post('/oauth/bind', 'public', { body: oauthBindBody, reply: oauthLoginReply }),
    mine: endpoint.get('/user/oauth', 'login', { reply: itemsReply('oauth', userOauth) }),
    unbind: endpoint.delete('/user/oauth', 'login', { query: userOauthDeleteQuery }),
  },
  summaries: {
    configs: '已启用的第三方登录方式',
    authorize: '发起第三方登录（生成与浏览器绑定的 state 并跳转到授权页）',
    login: '第三方登录回调：校验 state 并在服务端用授权码换取用户信息',
    bind: '绑定第三方账号（当前账号、已有账号或新注册账号）',
    mine: '我绑定的第三方账号',
    unbind: '解绑第三方账号（不能解绑唯一的登录方式）',
  },
});
