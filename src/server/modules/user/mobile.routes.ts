import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mobileFindPasswordBody, mobileLoginBody, mobileRegisterBody } from '../../../contract/sms.ts';
import { loginByMobile, registerByMobile, resetPasswordByMobile } from './mobile.service.ts';
import { authReply } from '../../../contract/user.ts';
import { emptyReply } from '../../../contract/common.ts';

/** Accounts by mobile number and SMS code (pro contract); codes come from POST /sms. */
export default async function mobileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['用户'];
  // wrong codes are counted per code (five kill it); these limits keep one address from cycling codes
  const config = { access: 'public' as const, whileDisabled: true, rateLimit: { max: 10, timeWindow: '1 minute' } };

  r.post(
    '/user/register/mobile',
    { schema: { response: { 200: authReply }, tags, summary: '手机号注册（短信验证码）', body: mobileRegisterBody }, config },
    async (req) => registerByMobile(app.ctx, req.body, req.auth.ip),
  );

  r.post(
    '/user/login/mobile',
    { schema: { response: { 200: authReply }, tags, summary: '手机号登录（短信验证码）', body: mobileLoginBody }, config },
    async (req) => loginByMobile(app.ctx, req.body, req.auth.ip),
  );

  r.post(
    '/user/findpassword/mobile',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '通过手机号找回密码（短信验证码；账户的所有登录随即失效）',
        body: mobileFindPasswordBody,
      },
      config,
    },
    async (req) => {
      await resetPasswordByMobile(app.ctx, req.body);
      return {};
    },
  );
}
