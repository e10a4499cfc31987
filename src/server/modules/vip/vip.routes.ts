import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { memberPage } from '../../http/list.ts';
import { vipApi } from '../../../contract/vip.ts';
import { toUserVip } from './vip.repo.ts';
import { setDocumentsVip, vipDownload } from './vip.service.ts';
import { serviceRoutes } from '../../http/routes.ts';

/** VIP memberships (moredoc Pro wire): the member's, the back office's, VIP documents and their downloads. */
export default async function vipRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const repo = ctx.repos.vip;
  const { calls } = vipApi;
  const api = serviceRoutes(app, vipApi);

  api.handle(calls.mine, async (req) => repo.list({ user_id: req.auth.requireLogin() }, ...memberPage(req.query)));

  api.handle(calls.ofOrder, async (req) => {
    const row = await repo.byOrder(req.query.order_no, req.auth.requireLogin());
    if (!row) throw notFound('该订单尚未开通VIP');
    const { times, download, discount, joined_at, expired_at } = toUserVip(row);
    return { times, download, discount, joined_at, expired_at };
  });

  api.handle(calls.list, async (req) => repo.list(req.query, ...memberPage(req.query)));

  api.handle(calls.download, async (req) => vipDownload(ctx, req.auth.requireLogin(), req.auth.ip, req.query.id));

  api.handle(calls.setDocument, async (req) => {
    await setDocumentsVip(ctx, req.body.document_id, Boolean(req.body.is_vip));
    await ctx.events.publish({ kind: 'document', ids: req.body.document_id, change: 'saved' });
    return {};
  });
}
