import { OAuth2Client, OAuth2RequestError } from 'arctic';
import { OAUTH_TYPE, type OauthName } from '../../../domain/oauth.ts';
import { SETTINGS, type Setting } from '../../../domain/settings/index.ts';

const O = SETTINGS.oauth;

/** What Wenku keeps of a provider account. */
export interface OauthProfile {
  openid: string;
  unionid: string;
  username: string;
  nickname: string;
  avatar: string;
}

export interface OauthProvider {
  type: number;
  name: OauthName;
  /** settings of the `oauth` category: enable switch, client id, secret, endpoint override */
  keys: { enable: Setting<'bool'>; id: Setting<'string'>; secret: Setting<'string'>; endpoint: Setting<'string'> };
  authorizeUrl(cfg: Cfg, redirectUri: string, state: string): string;
  /** Exchanges the code (server side only) and reads the profile. */
  exchange(cfg: Cfg, code: string, redirectUri: string): Promise<OauthProfile>;
}

export interface Cfg {
  clientId: string;
  secret: string;
  /** the override from settings, or '' for the official addresses */
  endpoint: string;
}

/** A provider refused or answered nonsense; the message is shown to the user. */
export class ProviderError extends Error {}

const base = (cfg: Cfg, official: string) => (cfg.endpoint.trim() || official).replace(/\/+$/, '');

async function getJson(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ProviderError(`接口返回异常（HTTP ${res.status}）`);
  }
}
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** QQ Connect (QQ互联), its documented OAuth 2.0 protocol: GET token, then /me for the openid. */
const qq: OauthProvider = {
  type: OAUTH_TYPE.qq,
  name: 'qq',
  keys: { enable: O.enable_qq, id: O.qq_client_id, secret: O.qq_client_secret, endpoint: O.qq_endpoint },
  authorizeUrl(cfg, redirectUri, state) {
    const u = new URL(`${base(cfg, 'https://graph.qq.com')}/oauth2.0/authorize`);
    u.search = new URLSearchParams({
      response_type: 'code',
      client_id: cfg.clientId,
      redirect_uri: redirectUri,
      state,
      scope: 'get_user_info',
    }).toString();
    return u.toString();
  },
  async exchange(cfg, code, redirectUri) {
    const b = base(cfg, 'https://graph.qq.com');
    const q = new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: cfg.clientId,
      client_secret: cfg.secret,
      code,
      redirect_uri: redirectUri,
      fmt: 'json',
    });
    const token = await getJson(`${b}/oauth2.0/token?${q}`);
    const accessToken = str(token.access_token);
    if (!accessToken) throw new ProviderError(str(token.error_description) || str(token.error) || '获取访问令牌失败');
    const me = await getJson(`${b}/oauth2.0/me?${new URLSearchParams({ access_token: accessToken, fmt: 'json', unionid: '1' })}`);
    const openid = str(me.openid);
    if (!openid) throw new ProviderError(str(me.error_description) || '获取 OpenID 失败');
    const info = await getJson(
      `${b}/user/get_user_info?${new URLSearchParams({ access_token: accessToken, oauth_consumer_key: cfg.clientId, openid })}`,
    );
    if (info.ret !== 0) throw new ProviderError(str(info.msg) || '获取用户信息失败');
    return {
      openid,
      unionid: str(me.unionid),
      username: '',
      nickname: str(info.nickname),
      avatar: str(info.figureurl_qq_2) || str(info.figureurl_qq_1),
    };
  },
};

/** WeChat website QR login (微信开放平台网站应用), its documented protocol. */
const wechat: OauthProvider = {
  type: OAUTH_TYPE.wechat,
  name: 'wechat',
  keys: { enable: O.enable_wechat, id: O.wechat_app_id, secret: O.wechat_app_secret, endpoint: O.wechat_endpoint },
  authorizeUrl(cfg, redirectUri, state) {
    const q = new URLSearchParams({
      appid: cfg.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    return `${base(cfg, 'https://open.weixin.qq.com')}/connect/qrconnect?${q}#wechat_redirect`;
  },
  async exchange(cfg, code) {
    const b = base(cfg, 'https://api.weixin.qq.com');
    const q = new URLSearchParams({ appid: cfg.clientId, secret: cfg.secret, code, grant_type: 'authorization_code' });
    const token = await getJson(`${b}/sns/oauth2/access_token?${q}`);
    const accessToken = str(token.access_token);
    const openid = str(token.openid);
    if (!accessToken || !openid) throw new ProviderError(str(token.errmsg) || '获取访问令牌失败');
    const info = await getJson(`${b}/sns/userinfo?${new URLSearchParams({ access_token: accessToken, openid })}`);
    if (info.errcode) throw new ProviderError(str(info.errmsg) || '获取用户信息失败');
    return {
      openid,
      unionid: str(info.unionid) || str(token.unionid),
      username: '',
      nickname: str(info.nickname),
      avatar: str(info.headimgurl),
    };
  },
};

/** A standard OAuth 2.0 provider through arctic: authorization URL and code exchange; then its user API. */
function standard(
  name: 'github' | 'gitee',
  official: string,
  paths: { authorize: string; token: string; user: (b: string, official: boolean) => string },
  scopes: string[],
): OauthProvider {
  const client = (cfg: Cfg, redirectUri: string) => new OAuth2Client(cfg.clientId, cfg.secret, redirectUri);
  return {
    type: OAUTH_TYPE[name],
    name,
    keys: {
      enable: O[`enable_${name}`],
      id: O[`${name}_client_id`],
      secret: O[`${name}_client_secret`],
      endpoint: O[`${name}_endpoint`],
    },
    authorizeUrl: (cfg, redirectUri, state) =>
      client(cfg, redirectUri)
        .createAuthorizationURL(`${base(cfg, official)}${paths.authorize}`, state, scopes)
        .toString(),
    async exchange(cfg, code, redirectUri) {
      const b = base(cfg, official);
      let accessToken: string;
      try {
        const tokens = await client(cfg, redirectUri).validateAuthorizationCode(`${b}${paths.token}`, code, null);
        accessToken = tokens.accessToken();
      } catch (err) {
        if (err instanceof OAuth2RequestError) throw new ProviderError(err.description || err.code);
        throw new ProviderError(err instanceof Error ? err.message : String(err));
      }
      const user = await getJson(paths.user(b, !cfg.endpoint.trim()), {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'Wenku' },
      });
      const openid = str(user.id);
      if (!openid) throw new ProviderError(str(user.message) || '获取用户信息失败');
      const login = str(user.login);
      return { openid, unionid: '', username: login, nickname: str(user.name) || login, avatar: str(user.avatar_url) };
    },
  };
}

// GitHub's API lives on api.github.com; a GitHub Enterprise server (the override) serves it at /api/v3
const github = standard(
  'github',
  'https://github.com',
  {
    authorize: '/login/oauth/authorize',
    token: '/login/oauth/access_token',
    user: (b, official) => (official ? 'https://api.github.com/user' : `${b}/api/v3/user`),
  },
  ['read:user'],
);
const gitee = standard(
  'gitee',
  'https://gitee.com',
  { authorize: '/oauth/authorize', token: '/oauth/token', user: (b) => `${b}/api/v5/user` },
  ['user_info'],
);

export const OAUTH_PROVIDERS: readonly OauthProvider[] = [qq, wechat, gitee, github];
export const providerByType = (type: number) => OAUTH_PROVIDERS.find((p) => p.type === type);
export const providerByName = (name: string) => OAUTH_PROVIDERS.find((p) => p.name === name);
