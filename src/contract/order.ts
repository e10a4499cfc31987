import { z } from 'zod';
import { integer, pagedQuery, paging, queryBool, repeated } from './common.ts';
import { listReply, numbers, strings } from './reply.ts';
import { endpoint, service } from './endpoint.ts';

const orderNo = z.string({ error: '请指定订单号' }).trim().min(1, '请指定订单号').max(64, '订单号不正确');

/** POST /order: what to buy; every amount is computed by the server from prices and settings. */
export const orderCreate = z.object({
  order_type: integer(z.number({ error: '请选择订单类型' }).int().min(1, '不支持的订单类型').max(3, '不支持的订单类型')),
  product_id: integer(z.number().int().min(0, '请选择商品').default(0)),
  /** Recharge: the amount in 元 (whole yuan). Ignored for documents and VIP. */
  quantity: integer(z.number().int('充值金额必须是整数').min(0).max(1_000_000, '单次充值金额太大').default(0)),
});
/** The calls on one order (look up, poll, close, delete) name it by its number, in the query or the body. */
export const orderNoInput = z.object({ order_no: orderNo });
/** Wenku: what buying a document would cost this member, asked before any order exists. */
export const documentQuoteQuery = z.object({
  document_id: integer(z.number({ error: '请选择文档' }).int().min(1, '请选择文档')),
});
/** `paid`: bought within the free re-download window (download without paying); `amount` in credits after the VIP discount. */
export const documentQuote = z.object({ ...numbers('price', 'amount'), paid: z.boolean() });
export type DocumentQuote = z.infer<typeof documentQuote>;
export const orderPay = z.object({
  order_no: orderNo,
  payment_type: integer(z.number({ error: '请选择支付方式' }).int()),
  downcode: z.string().optional(),
  is_wap: z.preprocess((v) => (v === undefined ? false : v), z.union([z.boolean(), queryBool])).optional(),
  code: z.string().optional(),
});
export const userOrderQuery = z.object({ ...paging, status: integer(z.number().int().min(0).max(3).optional()) });
export const adminOrderQuery = pagedQuery({
  order_status: repeated(integer(z.number().int())),
  order_type: repeated(integer(z.number().int())),
  payment_type: repeated(integer(z.number().int())),
  user_id: integer(z.number().int().optional()),
});

/**
 * An order (moredoc Pro). `price`/`amount`/`coupon_amount` are credits for document orders and fen
 * for VIP and recharge orders; `credit` is what a recharge grants. Pending orders carry their
 * payment deadline in `closed_at`.
 */
export const order = z.object({
  ...numbers('id', 'user_id', 'order_type', 'product_id', 'quantity', 'price'),
  ...numbers('coupon_amount', 'amount', 'credit', 'status', 'payment_type'),
  ...strings('order_no', 'product_uuid', 'product_name', 'created_at'),
  username: z.string().optional(),
  paid_at: z.string().nullish(),
  closed_at: z.string().nullish(),
  /** a second payment of this order (0 none, 1 需退款, 2 已退款) with its provider and trade number */
  refund_status: z.number().optional(),
  refund_payment_type: z.number().optional(),
  refund_trade_no: z.string().optional(),
});
export type Order = z.infer<typeof order>;

export const orderPayReply = z.object({
  order_status: z.number(),
  payment_url: z.string().optional(),
  /** WeChat Native pay: the `code_url` to show as a QR code. */
  code_url: z.string().optional(),
  extra: z.string().optional(),
});
export type OrderPayReply = z.infer<typeof orderPayReply>;

export const orderListReply = listReply('order', order);

export const rechargeSettings = z.object({
  enable: z.boolean(),
  ...strings('credit_name', 'recharge_discount'),
  credit_exchange: z.number(),
});
export type RechargeSettings = z.infer<typeof rechargeSettings>;

/** Orders (moredoc Pro wire): create, look up, pay, close, delete; the member's list and the back office's. */
export const orderApi = service('OrderAPI', '订单', (rpc) => ({
  calls: {
    create: endpoint.post('/order', 'login', { body: orderCreate, reply: order }),
    documentQuote: endpoint.get('/order/document/quote', 'login', { query: documentQuoteQuery, reply: documentQuote }),
    get: endpoint.get('/order', 'login', { query: orderNoInput, reply: order }),
    status: endpoint.get('/order/status', 'login', { query: orderNoInput, reply: order }),
    pay: endpoint.post('/order/pay', 'login', { body: orderPay, reply: orderPayReply }),
    close: endpoint.put('/order/close', 'login', { body: orderNoInput, reply: order }),
    delete: endpoint.delete('/order', 'login', { query: orderNoInput }),
    mine: endpoint.get('/user/order', 'login', { query: userOrderQuery, reply: orderListReply }),
    list: endpoint.get('/order/list', rpc('ListOrder', '查看订单列表'), { query: adminOrderQuery, reply: orderListReply }),
    rechargeSettings: endpoint.get('/settings/recharge', 'public', { reply: rechargeSettings }),
  },
  summaries: {
    create: '下单：1 文档（积分）、2 VIP（product_id 0 年 1 季 2 月）、3 积分充值（quantity 元）；金额由服务端计算',
    documentQuote: '文档购买报价（不下单：价格、VIP折扣后的应付积分、有效期内是否已购买）',
    get: '查看订单',
    status: '查询订单状态（结算页轮询；超时未支付的订单在此时关闭，未收到支付通知时向支付平台查询）',
    pay: '支付订单：1 微信支付、2 支付宝、5 积分',
    close: '关闭待支付订单',
    delete: '删除已关闭的订单（从我的订单中移除）',
    mine: '我的订单（status 1 待支付、2 已支付、3 已关闭）',
    list: '订单列表（后台）',
    rechargeSettings: '积分充值设置（页头充值对话框）',
  },
  /** a holder looks up anybody's order, not only his own */
  checks: { get: rpc('GetOrder', '查看任意订单') },
}));
