import { errorReplies } from '../../../contract/reply.ts';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  oauthAuthorizeQuery,
  oauthBindBody,
  oauthConfig,
  oauthLoginBody,
  oauthLoginReply,
  userOauth,
  userOauthDeleteQuery,
} from '../../../contract/oauth.ts';
import { STATE_TTL_MS, listConfigs, oauthBind, oauthLogin, startAuthorize, unbind } from './oauth.service.ts';
import { toUserOauth } from './oauth.repo.ts';
import { emptyReply, itemsReply } from '../../../contract/common.ts';
import { apiRoutes, guestWrite, perMinute } from '../../http/routes.ts';

/** The cookie that binds a sign-in's `state` to the browser that started it (sent only to /api/v1/oauth). */
export const BROWSER_COOKIE = 'wenku_oauth';

function browserCookie(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === BROWSER_COOKIE) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

export default async function oauthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = app.ctx.repos.oauth;
  const tags = ['第三方登录'];
  const api = apiRoutes(app, tags);

  api.get(
    '/oauth/configs',
    { summary: '已启用的第三方登录方式', access: 'public', reply: itemsReply('oauths', oauthConfig), whileDisabled: true },
    async () => ({ oauths: await listConfigs(app.ctx) }),
  );

  // its success is a redirect, not the JSON 200 reply of an apiRoutes spec
  r.get(
    '/oauth/authorize',
    {
      schema: {
        tags,
        summary: '发起第三方登录（生成与浏览器绑定的 state 并跳转到授权页）',
        querystring: oauthAuthorizeQuery,
        response: { 302: z.null().describe('跳转到第三方授权页'), ...errorReplies },
      },
      config: guestWrite(20),
    },
    async (req, reply) => {
      const { url, browser } = await startAuthorize(app.ctx, req.query.type, req.query.redirect, browserCookie(req));
      const secure = req.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${BROWSER_COOKIE}=${browser}; Path=/api/v1/oauth; Max-Age=${STATE_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
      );
      return reply.redirect(url, 302);
    },
  );

  api.post(
    '/oauth/login',
    {
      summary: '第三方登录回调：校验 state 并在服务端用授权码换取用户信息',
      ...guestWrite(20),
      body: oauthLoginBody,
      reply: oauthLoginReply,
    },
    async (req) => oauthLogin(app.ctx, req.body, browserCookie(req), req.auth.userId, req.auth.ip),
  );

  // a disabled member may still sign in, but not link anything to the account
  api.post(
    '/oauth/bind',
    {
      summary: '绑定第三方账号（当前账号、已有账号或新注册账号）',
      access: 'public',
      body: oauthBindBody,
      reply: oauthLoginReply,
      rateLimit: perMinute(20),
    },
    async (req) => oauthBind(app.ctx, req.body, req.auth.userId, req.auth.ip),
  );

  api.get(
    '/user/oauth',
    { summary: '我绑定的第三方账号', access: 'login', reply: itemsReply('oauth', userOauth) },
    async (req) => ({
      oauth: (await repo.linksOf(req.auth.requireLogin())).map(toUserOauth),
    }),
  );

  api.delete(
    '/user/oauth',
    {
      summary: '解绑第三方账号（不能解绑唯一的登录方式）',
      access: 'login',
      querystring: userOauthDeleteQuery,
      reply: emptyReply,
    },
    async (req) => {
      await unbind(app.ctx, req.auth.requireLogin(), req.query.id);
      return {};
    },
  );
}
