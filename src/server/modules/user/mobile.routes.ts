import type { FastifyInstance } from 'fastify';
import { userApi } from '../../../contract/user.ts';
import { loginByMobile, registerByMobile, resetPasswordByMobile } from './mobile.service.ts';
import { guestLimit, serviceRoutes } from '../../http/routes.ts';

/** Accounts by mobile number and SMS code (pro contract); codes come from POST /sms. */
export default async function mobileRoutes(app: FastifyInstance) {
  const { calls } = userApi;
  const api = serviceRoutes(app, userApi);
  // wrong codes are counted per code (five kill it); these limits keep one address from cycling codes
  const guest = guestLimit(10);

  api.handle(calls.registerMobile, async (req) => registerByMobile(app.ctx, req.body, req.auth.ip), guest);
  api.handle(calls.loginMobile, async (req) => loginByMobile(app.ctx, req.body, req.auth.ip), guest);
  api.handle(
    calls.findPasswordMobile,
    async (req) => {
      await resetPasswordByMobile(app.ctx, req.body);
      return {};
    },
    guest,
  );
}
