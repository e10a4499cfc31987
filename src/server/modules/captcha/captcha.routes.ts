import type { FastifyInstance } from 'fastify';
import { captchaQuery, captchaReply } from '../../../contract/captcha.ts';
import { createCaptcha } from './captcha.service.ts';
import { apiRoutes, perMinute } from '../../http/routes.ts';

export default async function captchaRoutes(app: FastifyInstance) {
  const api = apiRoutes(app, ['用户']);

  // every call renders an image and writes a row: keep one address from flooding either
  api.get(
    '/user/captcha',
    {
      summary: '获取验证码（对应开关关闭时只返回 type）',
      access: 'public',
      querystring: captchaQuery,
      reply: captchaReply,
      rateLimit: perMinute(30),
    },
    async (req) => createCaptcha(app.ctx, req.query.type, req.auth.ip, req.auth.userId),
  );
}
