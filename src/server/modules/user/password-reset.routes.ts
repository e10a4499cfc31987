import type { FastifyInstance } from 'fastify';
import { userApi } from '../../../contract/user.ts';
import { resetPassword, sendResetLink } from './password-reset.service.ts';
import { guestLimit, serviceRoutes } from '../../http/routes.ts';

export default async function passwordResetRoutes(app: FastifyInstance) {
  const { calls } = userApi;
  const api = serviceRoutes(app, userApi);

  // each call sends a mail: keep one address from flooding a mailbox through us
  api.handle(
    calls.findPasswordStepOne,
    async (req) => {
      await sendResetLink(app.ctx, req.body, req.log);
      return {};
    },
    guestLimit(5),
  );

  api.handle(
    calls.findPasswordStepTwo,
    async (req) => {
      await resetPassword(app.ctx, req.body);
      return {};
    },
    guestLimit(10),
  );
}
