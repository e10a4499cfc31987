import type { FastifyInstance, FastifyRequest } from 'fastify';
import { oauthApi } from '../../../contract/oauth.ts';
import { STATE_TTL_MS, listConfigs, oauthBind, oauthLogin, startAuthorize, unbind } from './oauth.service.ts';
import { toUserOauth } from './oauth.repo.ts';
import { guestLimit, perMinute, serviceRoutes } from '../../http/routes.ts';

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
  const repo = app.ctx.repos.oauth;
  const { calls } = oauthApi;
  const api = serviceRoutes(app, oauthApi);

  api.handle(calls.configs, async () => ({ oauths: await listConfigs(app.ctx) }), { whileDisabled: true });

  api.handle(
    calls.authorize,
    async (req, reply) => {
      const { url, browser } = await startAuthorize(app.ctx, req.query.type, req.query.redirect, browserCookie(req));
      const secure = req.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${BROWSER_COOKIE}=${browser}; Path=/api/v1/oauth; Max-Age=${STATE_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
      );
      return reply.redirect(url, 302);
    },
    guestLimit(20),
  );

  api.handle(
    calls.login,
    async (req) => oauthLogin(app.ctx, req.body, browserCookie(req), req.auth.userId, req.auth.ip),
    guestLimit(20),
  );

  // a disabled member may still sign in, but not link anything to the account
  api.handle(calls.bind, async (req) => oauthBind(app.ctx, req.body, req.auth.userId, req.auth.ip), {
    rateLimit: perMinute(20),
  });

  api.handle(calls.mine, async (req) => ({ oauth: (await repo.linksOf(req.auth.requireLogin())).map(toUserOauth) }));

  api.handle(calls.unbind, async (req) => {
    await unbind(app.ctx, req.auth.requireLogin(), req.query.id);
    return {};
  });
}
