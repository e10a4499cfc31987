import type { FastifyInstance } from 'fastify';
import { apiPermission } from '../../auth/access.ts';
import { memberPage } from '../../http/list.ts';
import { creditLogQuery, creditLogReply, sign, signState, systemRecharge } from '../../../contract/credit.ts';
import { adjustCredit, signState as todaySignState, signToday, todaySign } from './credit.service.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

const rpc = apiPermission('OrderAPI');

export const CREDIT_PERMS = {
  systemRecharge: rpc('SystemRecharge', '系统充值/扣除积分'),
};

/** Daily sign-in (moredoc wire), the member's credit log, and the admin's credit adjustment. */
export default async function creditRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const api = apiRoutes(app, ['积分']);

  api.get('/user/sign', { summary: '今天是否已签到（未签到时 404）', access: 'login', reply: sign }, async (req) =>
    todaySign(ctx, req.auth.requireLogin()),
  );

  api.get(
    '/user/sign/today',
    { summary: '今天是否已签到（总是 200：signed 为 true 时附签到日期与奖励；本站页面使用）', access: 'login', reply: signState },
    async (req) => todaySignState(ctx, req.auth.requireLogin()),
  );

  api.put(
    '/user/sign',
    { summary: '每日签到（按网站时区的自然日，每天一次；奖励积分记入积分明细）', access: 'login', reply: sign },
    async (req) => signToday(ctx, req.auth.requireLogin(), req.auth.ip),
  );

  api.get(
    '/user/credit/log',
    {
      summary: '我的积分明细（每一次积分变动，含变动后余额与原因）',
      access: 'login',
      querystring: creditLogQuery,
      reply: creditLogReply,
    },
    async (req) => ctx.repos.credit.logs(req.auth.requireLogin(), ...memberPage(req.query)),
  );

  api.post(
    '/order/system/recharge',
    {
      summary: '管理员为用户充值或扣除积分（须填写备注，记入积分明细）',
      access: CREDIT_PERMS.systemRecharge,
      body: systemRecharge,
      reply: emptyReply,
    },
    async (req) => {
      await adjustCredit(ctx, req.auth.userId, req.body);
      return {};
    },
  );
}
