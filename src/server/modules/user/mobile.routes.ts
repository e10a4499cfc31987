import type { FastifyInstance } from 'fastify';
import { mobileFindPasswordBody, mobileLoginBody, mobileRegisterBody } from '../../../contract/sms.ts';
import { loginByMobile, registerByMobile, resetPasswordByMobile } from './mobile.service.ts';
import { authReply } from '../../../contract/user.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes, guestWrite } from '../../http/routes.ts';

/** Accounts by mobile number and SMS code (pro contract); codes come from POST /sms. */
export default async function mobileRoutes(app: FastifyInstance) {
  const api = apiRoutes(app, ['用户']);
  // wrong codes are counted per code (five kill it); these limits keep one address from cycling codes
  const guest = guestWrite(10);

  api.post(
    '/user/register/mobile',
    { summary: '手机号注册（短信验证码）', ...guest, body: mobileRegisterBody, reply: authReply },
    async (req) => registerByMobile(app.ctx, req.body, req.auth.ip),
  );

  api.post(
    '/user/login/mobile',
    { summary: '手机号登录（短信验证码）', ...guest, body: mobileLoginBody, reply: authReply },
    async (req) => loginByMobile(app.ctx, req.body, req.auth.ip),
  );

  api.post(
    '/user/findpassword/mobile',
    {
      summary: '通过手机号找回密码（短信验证码；账户的所有登录随即失效）',
      ...guest,
      body: mobileFindPasswordBody,
      reply: emptyReply,
    },
    async (req) => {
      await resetPasswordByMobile(app.ctx, req.body);
      return {};
    },
  );
}
