import type { FastifyInstance } from 'fastify';
import { memberPage } from '../../http/list.ts';
import { creditApi } from '../../../contract/credit.ts';
import { adjustCredit, signState as todaySignState, signToday, todaySign } from './credit.service.ts';
import { serviceRoutes } from '../../http/routes.ts';

/** Daily sign-in (moredoc wire), the member's credit log, and the admin's credit adjustment. */
export default async function creditRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { calls } = creditApi;
  const api = serviceRoutes(app, creditApi);

  api.handle(calls.signed, async (req) => todaySign(ctx, req.auth.requireLogin()));
  api.handle(calls.today, async (req) => todaySignState(ctx, req.auth.requireLogin()));
  api.handle(calls.sign, async (req) => signToday(ctx, req.auth.requireLogin(), req.auth.ip));
  api.handle(calls.log, async (req) => ctx.repos.credit.logs(req.auth.requireLogin(), ...memberPage(req.query)));

  api.handle(calls.systemRecharge, async (req) => {
    await adjustCredit(ctx, req.auth.userId, req.body);
    return {};
  });
}
