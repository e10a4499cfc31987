import type { FastifyInstance } from 'fastify';
import { perm } from '../../auth/access.ts';
import { notFound } from '../../http/errors.ts';
import { memberPage } from '../../http/list.ts';
import { downloadDocumentReply, downloadQuery } from '../../../contract/document.ts';
import { adminVipQuery, setDocumentVip, userVip, userVipQuery, vipOrderQuery } from '../../../contract/vip.ts';
import { toUserVip } from './vip.repo.ts';
import { setDocumentsVip, vipDownload } from './vip.service.ts';
import { emptyReply, listReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

export const VIP_PERMS = {
  list: perm('/api.v1.UserVipAPI/ListUserVip', '查看会员列表'),
  setDocument: perm('/api.v1.DocumentAPI/SetDocumentVip', '设置VIP文档'),
};

/** VIP memberships (moredoc Pro wire): the member's, the back office's, VIP documents and their downloads. */
export default async function vipRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const repo = ctx.repos.vip;
  const api = apiRoutes(app, ['VIP会员']);

  api.get(
    '/user/vip',
    { summary: '我的VIP（含已过期）', access: 'login', querystring: userVipQuery, reply: listReply('user_vip', userVip) },
    async (req) => repo.list({ user_id: req.auth.requireLogin() }, ...memberPage(req.query)),
  );

  api.get(
    '/user/vip/order',
    {
      summary: 'VIP订单开通的会员（结算页的商品信息）',
      access: 'login',
      querystring: vipOrderQuery,
      reply: userVip.pick({ times: true, download: true, discount: true, joined_at: true, expired_at: true }),
    },
    async (req) => {
      const row = await repo.byOrder(req.query.order_no, req.auth.requireLogin());
      if (!row) throw notFound('该订单尚未开通VIP');
      const { times, download, discount, joined_at, expired_at } = toUserVip(row);
      return { times, download, discount, joined_at, expired_at };
    },
  );

  api.get(
    '/uservip/list',
    { summary: '会员列表（后台）', access: VIP_PERMS.list, querystring: adminVipQuery, reply: listReply('user_vip', userVip) },
    async (req) => repo.list(req.query, ...memberPage(req.query)),
  );

  api.get(
    '/document/download/vip',
    {
      summary: 'VIP下载VIP文档（消耗VIP专享下载次数）',
      access: 'login',
      querystring: downloadQuery,
      reply: downloadDocumentReply,
    },
    async (req) => vipDownload(ctx, req.auth.requireLogin(), req.auth.ip, req.query.id),
  );

  api.put(
    '/document/vip',
    { summary: '设为或取消VIP文档', access: VIP_PERMS.setDocument, body: setDocumentVip, reply: emptyReply },
    async (req) => {
      await setDocumentsVip(ctx, req.body.document_id, Boolean(req.body.is_vip));
      await ctx.events.publish({ kind: 'document', ids: req.body.document_id, change: 'saved' });
      return {};
    },
  );
}
