import type { FastifyInstance } from 'fastify';
import { captchaApi } from '../../../contract/captcha.ts';
import { createCaptcha } from './captcha.service.ts';
import { perMinute, serviceRoutes } from '../../http/routes.ts';

export default async function captchaRoutes(app: FastifyInstance) {
  const api = serviceRoutes(app, captchaApi);

  // every call renders an image and writes a row: keep one address from flooding either (config.captchaPerIpMinute)
  api.handle(captchaApi.calls.get, async (req) => createCaptcha(app.ctx, req.query.type, req.auth.ip, req.auth.userId), {
    rateLimit: perMinute(app.ctx.config.captchaPerIpMinute),
  });
}
