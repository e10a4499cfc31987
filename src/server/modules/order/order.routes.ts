import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../auth/access.ts';
import { clamp } from '../../http/list.ts';
import { emptyReply } from '../../../contract/common.ts';
import {
  adminOrderQuery,
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
import { closeExpired, listOrders, listUserOrders, toOrder } from './order.repo.ts';
import { closeOrder, createOrder, deleteOrder, ownOrder } from './order.service.ts';

export const ORDER_PERMS = {
  list: perm('/api.v1.OrderAPI/ListOrder', '查看订单列表'),
  get: perm('/api.v1.OrderAPI/GetOrder', '查看任意订单'),
};

/** Orders (moredoc Pro wire): create, look up, pay, close, delete; the member's list and the back office's. */
export default async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['订单'];
  const page = (q: { page?: number; size?: number }) => [clamp(q.page, 1, 100_000, 1), clamp(q.size, 1, 100, 20)] as const;

  r.post(
    '/order',
    {
      schema: {
        tags,
        summary: '下单：1 文档（积分）、2 VIP（product_id 0 年 1 季 2 月）、3 积分充值（quantity 元）；金额由服务端计算',
        body: orderCreate,
        response: { 200: order },
      },
      config: { access: 'login' },
    },
    async (req) => createOrder(ctx, req.auth.requireLogin(), req.auth.ip, req.body),
  );

  const lookup = async (req: {
    auth: { requireLogin(): number; can(p: string): Promise<boolean> };
    query: { order_no: string };
  }) => toOrder(await ownOrder(ctx, req.auth.requireLogin(), req.query.order_no, await req.auth.can(ORDER_PERMS.get.path)));

  r.get(
    '/order',
    { schema: { tags, summary: '查看订单', querystring: orderNoQuery, response: { 200: order } }, config: { access: 'login' } },
    lookup,
  );
  r.get(
    '/order/status',
    {
      schema: {
        tags,
        summary: '查询订单状态（结算页轮询；超时未支付的订单在此时关闭，未收到支付通知时向支付平台查询）',
        querystring: orderNoQuery,
        response: { 200: order },
      },
      config: { access: 'login' },
    },
    async (req) => {
      const row = await ownOrder(ctx, req.auth.requireLogin(), req.query.order_no, await req.auth.can(ORDER_PERMS.get.path));
      return toOrder(await orderStatus(ctx, row, req.auth.ip));
    },
  );

  r.post(
    '/order/pay',
    {
      schema: { tags, summary: '支付订单：1 微信支付、2 支付宝、5 积分', body: orderPay, response: { 200: orderPayReply } },
      config: { access: 'login' },
    },
    async (req) => payOrder(ctx, req.auth.requireLogin(), req.auth.ip, req.body),
  );

  r.put(
    '/order/close',
    { schema: { tags, summary: '关闭待支付订单', body: orderNoBody, response: { 200: order } }, config: { access: 'login' } },
    async (req) => closeOrder(ctx, req.auth.requireLogin(), req.body.order_no),
  );

  r.delete(
    '/order',
    {
      schema: { tags, summary: '删除已关闭的订单（从我的订单中移除）', querystring: orderNoQuery, response: { 200: emptyReply } },
      config: { access: 'login' },
    },
    async (req) => {
      await deleteOrder(ctx, req.auth.requireLogin(), req.query.order_no);
      return {};
    },
  );

  r.get(
    '/user/order',
    {
      schema: {
        tags,
        summary: '我的订单（status 1 待支付、2 已支付、3 已关闭）',
        querystring: userOrderQuery,
        response: { 200: orderListReply },
      },
      config: { access: 'login' },
    },
    async (req) => {
      const me = req.auth.requireLogin();
      await closeExpired(ctx.db, me);
      return listUserOrders(ctx.db, me, req.query.status || undefined, ...page(req.query));
    },
  );

  r.get(
    '/order/list',
    {
      schema: { tags, summary: '订单列表（后台）', querystring: adminOrderQuery, response: { 200: orderListReply } },
      config: { access: ORDER_PERMS.list },
    },
    async (req) => {
      await closeExpired(ctx.db);
      return listOrders(ctx.db, req.query, ...page(req.query));
    },
  );

  r.get(
    '/settings/recharge',
    {
      schema: { tags, summary: '积分充值设置（页头充值对话框）', response: { 200: rechargeSettings } },
      config: { access: 'public' },
    },
    async () => ({
      enable: await ctx.settings.bool('score', 'enable_recharge'),
      credit_name: await siteCreditName(ctx),
      credit_exchange: await ctx.settings.num('pay', 'exchange_rate', 0),
      recharge_discount: await ctx.settings.str('score', 'recharge_discount'),
    }),
  );
}
