import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findPasswordStepOneBody, findPasswordStepTwoBody } from '../../../contract/user.ts';
import { resetPassword, sendResetLink } from './password-reset.service.ts';
import { emptyReply } from '../../../contract/common.ts';

export default async function passwordResetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['用户'];

  r.post(
    '/user/findpassword/stepone',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '找回密码第一步：发送重置链接到邮箱（邮箱是否注册，回答都一样）',
        body: findPasswordStepOneBody,
      },
      // each call sends a mail: keep one address from flooding a mailbox through us
      config: { access: 'public', whileDisabled: true, rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (req) => {
      await sendResetLink(app.ctx, req.body, req.log);
      return {};
    },
  );

  r.put(
    '/user/findpassword/steptwo',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '找回密码第二步：凭最新的邮件链接设置新密码（链接只能用一次，账户的所有登录随即失效）',
        body: findPasswordStepTwoBody,
      },
      config: { access: 'public', whileDisabled: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req) => {
      await resetPassword(app.ctx, req.body);
      return {};
    },
  );
}
