import type { FastifyInstance } from 'fastify';
import { smsApi } from '../../../contract/sms.ts';
import { listHandler } from '../../http/crud.ts';
import { toSms } from './sms.repo.ts';
import { sendSmsCode, sendTestSms } from './sms.service.ts';
import { guestLimit, perMinute, serviceRoutes } from '../../http/routes.ts';

export default async function smsRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.sms;
  const { calls } = smsApi;
  const api = serviceRoutes(app, smsApi);

  api.handle(calls.send, async (req) => sendSmsCode(app.ctx, req.body, req.auth.ip), guestLimit(5));
  api.handle(calls.test, async (req) => sendTestSms(app.ctx, req.body.mobile, req.auth.ip), { rateLimit: perMinute(5) });
  api.handle(calls.list, listHandler(repo, 'sms', toSms));
}
