import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberPage } from '../../http/list.ts';
import { orderApi } from '../../../contract/order.ts';
import { siteCreditName } from '../credit/credit.service.ts';
import { orderStatus, payOrder } from './pay.service.ts';
import { toOrder } from './order.repo.ts';
import { closeOrder, createOrder, deleteOrder, ownOrder, quoteDocument } from './order.service.ts';
import { serviceRoutes } from '../../http/routes.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

/** Orders (moredoc Pro wire): create, look up, pay, close, delete; the member's list and the back office's. */
export default async function orderRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { calls, checks } = orderApi;
  const api = serviceRoutes(app, orderApi);

  /** The caller's order (anybody's for a holder of GetOrder). */
  const lookup = async (req: FastifyRequest & { query: { order_no: string } }) =>
    ownOrder(ctx, req.auth.requireLogin(), req.query.order_no, await req.auth.can(checks.get.path));

  api.handle(calls.create, async (req) => createOrder(ctx, req.auth.requireLogin(), req.auth.ip, req.body));
  api.handle(calls.documentQuote, async (req) => quoteDocument(ctx, req.auth.requireLogin(), req.query.document_id));
  api.handle(calls.get, async (req) => toOrder(await lookup(req)));
  api.handle(calls.status, async (req) => toOrder(await orderStatus(ctx, await lookup(req), req.auth.ip)));
  api.handle(calls.pay, async (req) => payOrder(ctx, req.auth.requireLogin(), req.auth.ip, req.body));
  api.handle(calls.close, async (req) => closeOrder(ctx, req.auth.requireLogin(), req.body.order_no));

  api.handle(calls.delete, async (req) => {
    await deleteOrder(ctx, req.auth.requireLogin(), req.query.order_no);
    return {};
  });

  api.handle(calls.mine, async (req) => {
    const me = req.auth.requireLogin();
    await ctx.repos.order.closeExpired(me);
    return ctx.repos.order.listUserOrders(me, req.query.status || undefined, ...memberPage(req.query));
  });

  api.handle(calls.list, async (req) => {
    await ctx.repos.order.closeExpired();
    return ctx.repos.order.listOrders(req.query, ...memberPage(req.query));
  });

  api.handle(calls.rechargeSettings, async () => ({
    enable: await ctx.settings.get(SETTINGS.score.enable_recharge),
    credit_name: await siteCreditName(ctx),
    credit_exchange: await ctx.settings.get(SETTINGS.pay.exchange_rate),
    recharge_discount: await ctx.settings.get(SETTINGS.score.recharge_discount),
  }));
}
