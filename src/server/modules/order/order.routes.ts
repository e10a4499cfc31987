import type { FastifyInstance } from 'fastify';
import { apiPermission } from '../../auth/access.ts';
import { memberPage } from '../../http/list.ts';
import { emptyReply } from '../../../contract/common.ts';
import {
  adminOrderQuery,
  documentQuote,
  documentQuoteQuery,
  order,
  orderCreate,
  orderListReply,
  orderNoBody,
  orderNoQuery,
  orderPay,
  orderPayReply,
  rechargeSettings,
  userOrderQuery,
} from '../../../contract/order.ts';
import { siteCreditName } from '../credit/credit.service.ts';
import { orderStatus, payOrder } from './pay.service.ts';
import { toOrder } from './order.repo.ts';
import { closeOrder, createOrder, deleteOrder, ownOrder, quoteDocument } from './order.service.ts';
import { apiRoutes } from '../../http/routes.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

const rpc = apiPermission('OrderAPI');

export const ORDER_PERMS = {
  list: rpc('ListOrder', '查看订单列表'),
  get: rpc('GetOrder', '查看任意订单'),
};

/** Orders (moredoc Pro wire): create, look up, pay, close, delete; the member's list and the back office's. */
export default async function orderRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const api = apiRoutes(app, ['订单']);

  api.post(
    '/order',
    {
      summary: '下单：1 文档（积分）、2 VIP（product_id 0 年 1 季 2 月）、3 积分充值（quantity 元）；金额由服务端计算',
      access: 'login',
      body: orderCreate,
      reply: order,
    },
    async (req) => createOrder(ctx, req.auth.requireLogin(), req.auth.ip, req.body),
  );

  api.get(
    '/order/document/quote',
    {
      summary: '文档购买报价（不下单：价格、VIP折扣后的应付积分、有效期内是否已购买）',
      access: 'login',
      querystring: documentQuoteQuery,
      reply: documentQuote,
    },
    async (req) => quoteDocument(ctx, req.auth.requireLogin(), req.query.document_id),
  );

  const lookup = async (req: {
    auth: { requireLogin(): number; can(p: string): Promise<boolean> };
    query: { order_no: string };
  }) => toOrder(await ownOrder(ctx, req.auth.requireLogin(), req.query.order_no, await req.auth.can(ORDER_PERMS.get.path)));

  api.get('/order', { summary: '查看订单', access: 'login', querystring: orderNoQuery, reply: order }, lookup);
  api.get(
    '/order/status',
    {
      summary: '查询订单状态（结算页轮询；超时未支付的订单在此时关闭，未收到支付通知时向支付平台查询）',
      access: 'login',
      querystring: orderNoQuery,
      reply: order,
    },
    async (req) => {
      const row = await ownOrder(ctx, req.auth.requireLogin(), req.query.order_no, await req.auth.can(ORDER_PERMS.get.path));
      return toOrder(await orderStatus(ctx, row, req.auth.ip));
    },
  );

  api.post(
    '/order/pay',
    { summary: '支付订单：1 微信支付、2 支付宝、5 积分', access: 'login', body: orderPay, reply: orderPayReply },
    async (req) => payOrder(ctx, req.auth.requireLogin(), req.auth.ip, req.body),
  );

  api.put('/order/close', { summary: '关闭待支付订单', access: 'login', body: orderNoBody, reply: order }, async (req) =>
    closeOrder(ctx, req.auth.requireLogin(), req.body.order_no),
  );

  api.delete(
    '/order',
    { summary: '删除已关闭的订单（从我的订单中移除）', access: 'login', querystring: orderNoQuery, reply: emptyReply },
    async (req) => {
      await deleteOrder(ctx, req.auth.requireLogin(), req.query.order_no);
      return {};
    },
  );

  api.get(
    '/user/order',
    {
      summary: '我的订单（status 1 待支付、2 已支付、3 已关闭）',
      access: 'login',
      querystring: userOrderQuery,
      reply: orderListReply,
    },
    async (req) => {
      const me = req.auth.requireLogin();
      await ctx.repos.order.closeExpired(me);
      return ctx.repos.order.listUserOrders(me, req.query.status || undefined, ...memberPage(req.query));
    },
  );

  api.get(
    '/order/list',
    { summary: '订单列表（后台）', access: ORDER_PERMS.list, querystring: adminOrderQuery, reply: orderListReply },
    async (req) => {
      await ctx.repos.order.closeExpired();
      return ctx.repos.order.listOrders(req.query, ...memberPage(req.query));
    },
  );

  api.get(
    '/settings/recharge',
    { summary: '积分充值设置（页头充值对话框）', access: 'public', reply: rechargeSettings },
    async () => ({
      enable: await ctx.settings.get(SETTINGS.score.enable_recharge),
      credit_name: await siteCreditName(ctx),
      credit_exchange: await ctx.settings.get(SETTINGS.pay.exchange_rate),
      recharge_discount: await ctx.settings.get(SETTINGS.score.recharge_discount),
    }),
  );
}
