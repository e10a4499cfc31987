import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../auth/access.ts';
import { clamp } from '../../http/list.ts';
import { creditLogQuery, creditLogReply, sign, systemRecharge } from '../../../contract/credit.ts';
import { adjustCredit, signToday, todaySign } from './credit.service.ts';
import { emptyReply } from '../../../contract/common.ts';

export const CREDIT_PERMS = {
  systemRecharge: perm('/api.v1.OrderAPI/SystemRecharge', '系统充值/扣除积分'),
};

/** Daily sign-in (moredoc wire), the member's credit log, and the admin's credit adjustment. */
export default async function creditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['积分'];

  r.get(
    '/user/sign',
    { schema: { response: { 200: sign }, tags, summary: '今天是否已签到（未签到时 404）' }, config: { access: 'login' } },
    async (req) => todaySign(ctx, req.auth.requireLogin()),
  );

  r.put(
    '/user/sign',
    {
      schema: { response: { 200: sign }, tags, summary: '每日签到（按网站时区的自然日，每天一次；奖励积分记入积分明细）' },
      config: { access: 'login' },
    },
    async (req) => signToday(ctx, req.auth.requireLogin(), req.auth.ip),
  );

  r.get(
    '/user/credit/log',
    {
      schema: {
        response: { 200: creditLogReply },
        tags,
        summary: '我的积分明细（每一次积分变动，含变动后余额与原因）',
        querystring: creditLogQuery,
      },
      config: { access: 'login' },
    },
    async (req) =>
      ctx.repos.credit.logs(req.auth.requireLogin(), clamp(req.query.page, 1, 100_000, 1), clamp(req.query.size, 1, 100, 20)),
  );

  r.post(
    '/order/system/recharge',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '管理员为用户充值或扣除积分（须填写备注，记入积分明细）',
        body: systemRecharge,
      },
      config: { access: CREDIT_PERMS.systemRecharge },
    },
    async (req) => {
      await adjustCredit(ctx, req.auth.userId, req.body);
      return {};
    },
  );
}
