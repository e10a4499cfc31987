import type { FastifyInstance } from 'fastify';
import { findPasswordStepOneBody, findPasswordStepTwoBody } from '../../../contract/user.ts';
import { resetPassword, sendResetLink } from './password-reset.service.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes, guestWrite } from '../../http/routes.ts';

export default async function passwordResetRoutes(app: FastifyInstance) {
  const api = apiRoutes(app, ['用户']);

  // each call sends a mail: keep one address from flooding a mailbox through us
  api.post(
    '/user/findpassword/stepone',
    {
      summary: '找回密码第一步：发送重置链接到邮箱（邮箱是否注册，回答都一样）',
      ...guestWrite(5),
      body: findPasswordStepOneBody,
      reply: emptyReply,
    },
    async (req) => {
      await sendResetLink(app.ctx, req.body, req.log);
      return {};
    },
  );

  api.put(
    '/user/findpassword/steptwo',
    {
      summary: '找回密码第二步：凭最新的邮件链接设置新密码（链接只能用一次，账户的所有登录随即失效）',
      ...guestWrite(10),
      body: findPasswordStepTwoBody,
      reply: emptyReply,
    },
    async (req) => {
      await resetPassword(app.ctx, req.body);
      return {};
    },
  );
}
