import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { captchaQuery, captchaReply } from '../../../contract/captcha.ts';
import { createCaptcha } from './captcha.service.ts';

export default async function captchaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/captcha',
    {
      schema: {
        response: { 200: captchaReply },
        tags: ['用户'],
        summary: '获取验证码（对应开关关闭时只返回 type）',
        querystring: captchaQuery,
      },
      // every call renders an image and writes a row: keep one address from flooding either
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) => createCaptcha(app.ctx, req.query.type, req.auth.ip),
  );
}
