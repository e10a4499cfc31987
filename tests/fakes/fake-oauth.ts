/**
 * Local stand-ins for QQ Connect, WeChat open platform (website QR login), GitHub and Gitee, each
 * under its own prefix (`/qq`, `/wechat`, `/github`, `/gitee`) with the provider's paths and
 * answer shapes. The authorize page shows who signs in and a 同意授权 button; codes are random,
 * single use, five minutes, tied to the client and redirect URI; the token endpoints check the
 * client secret (QQ/WeChat as parameters, GitHub/Gitee by HTTP Basic as arctic sends it).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeProvider = 'qq' | 'wechat' | 'github' | 'gitee';
export const FAKE_CLIENTS: Record<FakeProvider, { id: string; secret: string }> = {
  qq: { id: '101000001', secret: 'qq-app-key' },
  wechat: { id: 'wx0000000000000001', secret: 'wechat-app-secret' },
  github: { id: 'Iv1.github-client', secret: 'github-client-secret' },
  gitee: { id: 'gitee-client-id', secret: 'gitee-client-secret' },
};

export interface FakeAccount {
  id: string;
  login: string;
  name: string;
}

export interface FakeOauth {
  url: string;
  /** the account the provider signs in next (as if that person were logged in there) */
  as(provider: FakeProvider, account: FakeAccount): void;
  /** what the authorize page would redirect to (server tests skip the browser) */
  authorize(provider: FakeProvider, authorizeUrl: string): Promise<{ code: string; state: string; redirect: string }>;
  close(): Promise<void>;
}

interface Grant {
  provider: FakeProvider;
  account: FakeAccount;
  clientId: string;
  redirect: string;
  expires: number;
}

const rand = () => randomBytes(12).toString('hex');

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString()));
    req.on('end', () => resolve(s));
  });
}

export async function startFakeOauth(): Promise<FakeOauth> {
  const current: Record<FakeProvider, FakeAccount> = {
    qq: { id: 'QQ-OPENID-0001', login: '', name: 'QQ小明' },
    wechat: { id: 'wx-openid-0001', login: '', name: '微信小红' },
    github: { id: '1001', login: 'octo-reader', name: 'Octo Reader' },
    gitee: { id: '2001', login: 'gitee-reader', name: '码云读者' },
  };
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();

  /** Issues a code for the current account: the redirect a real authorize page makes after 同意. */
  const grant = (provider: FakeProvider, q: URLSearchParams): string => {
    const clientId = q.get(provider === 'wechat' ? 'appid' : 'client_id') ?? '';
    const redirect = q.get('redirect_uri') ?? '';
    if (clientId !== FAKE_CLIENTS[provider].id || !redirect) throw new Error('invalid client');
    const code = rand();
    codes.set(code, { provider, account: current[provider], clientId, redirect, expires: Date.now() + 300_000 });
    const u = new URL(redirect);
    u.searchParams.set('code', code);
    u.searchParams.set('state', q.get('state') ?? '');
    return u.toString();
  };
  /** Spends a code: right provider, client, redirect URI, still fresh. */
  const redeem = (provider: FakeProvider, code: string, clientId: string, redirect: string | null): string | null => {
    const g = codes.get(code);
    codes.delete(code);
    if (!g || g.provider !== provider || g.clientId !== clientId || g.expires < Date.now()) return null;
    if (redirect !== null && g.redirect !== redirect) return null;
    const token = rand();
    tokens.set(token, g);
    return token;
  };
  const basic = (req: IncomingMessage) => {
    const m = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ''));
    if (!m) return ['', ''];
    const [id, ...rest] = Buffer.from(m[1]!, 'base64').toString().split(':');
    return [decodeURIComponent(id ?? ''), decodeURIComponent(rest.join(':'))];
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = url.searchParams;
    const [, provider, ...rest] = url.pathname.split('/') as [string, FakeProvider, ...string[]];
    const path = `/${rest.join('/')}`;
    const json = (value: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (!(provider in FAKE_CLIENTS)) return json({ message: 'Not Found' }, 404);
    const client = FAKE_CLIENTS[provider];

    if (['/oauth2.0/authorize', '/connect/qrconnect', '/login/oauth/authorize', '/oauth/authorize'].includes(path)) {
      if (q.get('approve') === '1') {
        res.writeHead(302, { location: grant(provider, q) });
        return res.end();
      }
      q.set('approve', '1');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><meta charset="utf-8"><title>授权登录</title><h1>${provider} 授权登录</h1>` +
          `<p>当前账号：<b>${current[provider].name}</b></p><a id="approve" href="${url.pathname}?${q.toString().replace(/&/g, '&amp;')}">同意授权</a>`,
      );
    }
    const body = new URLSearchParams(req.method === 'POST' ? await readBody(req) : '');
    const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');

    if (provider === 'qq') {
      if (path === '/oauth2.0/token') {
        if (q.get('client_secret') !== client.secret)
          return json({ error: 100016, error_description: 'access token check failed' });
        const token = redeem('qq', q.get('code') ?? '', q.get('client_id') ?? '', q.get('redirect_uri'));
        if (!token) return json({ error: 100019, error_description: 'code to access token error' });
        return json({ access_token: token, expires_in: '7776000', refresh_token: rand() });
      }
      const g = tokens.get(q.get('access_token') ?? '');
      if (path === '/oauth2.0/me')
        return g
          ? json({ client_id: client.id, openid: g.account.id })
          : json({ error: 100016, error_description: 'invalid token' });
      if (path === '/user/get_user_info') {
        if (!g || q.get('openid') !== g.account.id || q.get('oauth_consumer_key') !== client.id)
          return json({ ret: -1, msg: "client request's parameters are invalid" });
        return json({ ret: 0, msg: '', nickname: g.account.name, figureurl_qq_2: `https://q.example/${g.account.id}.png` });
      }
    }
    if (provider === 'wechat') {
      if (path === '/sns/oauth2/access_token') {
        if (q.get('secret') !== client.secret) return json({ errcode: 40125, errmsg: 'invalid appsecret' });
        const token = redeem('wechat', q.get('code') ?? '', q.get('appid') ?? '', null);
        if (!token) return json({ errcode: 40029, errmsg: 'invalid code' });
        const g = tokens.get(token)!;
        return json({
          access_token: token,
          expires_in: 7200,
          openid: g.account.id,
          unionid: `u-${g.account.id}`,
          scope: 'snsapi_login',
        });
      }
      if (path === '/sns/userinfo') {
        const g = tokens.get(q.get('access_token') ?? '');
        if (!g || q.get('openid') !== g.account.id) return json({ errcode: 40001, errmsg: 'invalid credential' });
        return json({
          openid: g.account.id,
          nickname: g.account.name,
          headimgurl: `https://wx.example/${g.account.id}.png`,
          unionid: `u-${g.account.id}`,
        });
      }
    }
    if (provider === 'github' || provider === 'gitee') {
      if (path === '/login/oauth/access_token' || path === '/oauth/token') {
        const [id, secret] = basic(req);
        if (id !== client.id || secret !== client.secret)
          return json({ error: 'invalid_client', error_description: 'The client credentials are invalid' }, 401);
        const token =
          body.get('grant_type') === 'authorization_code'
            ? redeem(provider, body.get('code') ?? '', id, body.get('redirect_uri'))
            : null;
        if (!token)
          return json({ error: 'invalid_grant', error_description: 'The authorization code is invalid or expired' }, 400);
        return json({ access_token: token, token_type: 'bearer', scope: '' });
      }
      if (path === '/api/v3/user' || path === '/api/v5/user') {
        const g = tokens.get(bearer || (q.get('access_token') ?? ''));
        if (!g) return json({ message: 'Bad credentials' }, 401);
        return json({
          id: Number(g.account.id),
          login: g.account.login,
          name: g.account.name,
          avatar_url: `https://a.example/${g.account.login}.png`,
        });
      }
    }
    json({ message: 'Not Found' }, 404);
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    as: (provider, account) => {
      current[provider] = account;
    },
    async authorize(provider, authorizeUrl) {
      const u = new URL(authorizeUrl.replace(/#wechat_redirect$/, ''));
      u.searchParams.set('approve', '1');
      const res = await fetch(u, { redirect: 'manual' });
      const to = new URL(res.headers.get('location') ?? '');
      return { code: to.searchParams.get('code') ?? '', state: to.searchParams.get('state') ?? '', redirect: to.toString() };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
