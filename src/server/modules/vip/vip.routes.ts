import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../auth/access.ts';
import { notFound } from '../../http/errors.ts';
import { clamp } from '../../http/list.ts';
import { downloadDocumentReply, downloadQuery } from '../../../contract/document.ts';
import { adminVipQuery, setDocumentVip, userVip, userVipQuery, vipOrderQuery } from '../../../contract/vip.ts';
import { toUserVip } from './vip.repo.ts';
import { vipDownload } from './vip.service.ts';
import { emptyReply, listReply } from '../../../contract/common.ts';

export const VIP_PERMS = {
  list: perm('/api.v1.UserVipAPI/ListUserVip', '查看会员列表'),
  setDocument: perm('/api.v1.DocumentAPI/SetDocumentVip', '设置VIP文档'),
};

/** VIP memberships (moredoc Pro wire): the member's, the back office's, VIP documents and their downloads. */
export default async function vipRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const repo = ctx.repos.vip;
  const tags = ['VIP会员'];
  const page = (q: { page?: number; size?: number }) => [clamp(q.page, 1, 100_000, 1), clamp(q.size, 1, 100, 20)] as const;

  r.get(
    '/user/vip',
    {
      schema: {
        response: { 200: listReply('user_vip', userVip) },
        tags,
        summary: '我的VIP（含已过期）',
        querystring: userVipQuery,
      },
      config: { access: 'login' },
    },
    async (req) => repo.list({ user_id: req.auth.requireLogin() }, ...page(req.query)),
  );

  r.get(
    '/user/vip/order',
    {
      schema: {
        response: { 200: userVip.pick({ times: true, download: true, discount: true, joined_at: true, expired_at: true }) },
        tags,
        summary: 'VIP订单开通的会员（结算页的商品信息）',
        querystring: vipOrderQuery,
      },
      config: { access: 'login' },
    },
    async (req) => {
      const row = await repo.byOrder(req.query.order_no, req.auth.requireLogin());
      if (!row) throw notFound('该订单尚未开通VIP');
      const { times, download, discount, joined_at, expired_at } = toUserVip(row);
      return { times, download, discount, joined_at, expired_at };
    },
  );

  r.get(
    '/uservip/list',
    {
      schema: {
        response: { 200: listReply('user_vip', userVip) },
        tags,
        summary: '会员列表（后台）',
        querystring: adminVipQuery,
      },
      config: { access: VIP_PERMS.list },
    },
    async (req) => repo.list(req.query, ...page(req.query)),
  );

  r.get(
    '/document/download/vip',
    {
      schema: {
        response: { 200: downloadDocumentReply },
        tags,
        summary: 'VIP下载VIP文档（消耗VIP专享下载次数）',
        querystring: downloadQuery,
      },
      config: { access: 'login' },
    },
    async (req) => vipDownload(ctx, req.auth.requireLogin(), req.auth.ip, req.query.id),
  );

  r.put(
    '/document/vip',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '设为或取消VIP文档', body: setDocumentVip },
      config: { access: VIP_PERMS.setDocument },
    },
    async (req) => {
      await repo.setDocumentsVip(req.body.document_id, Boolean(req.body.is_vip));
      await ctx.events.publish({ kind: 'document', ids: req.body.document_id, change: 'saved' });
      return {};
    },
  );
}
