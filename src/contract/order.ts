import { z } from 'zod';
import { integer, pagedQuery, paging, queryBool, repeated } from './common.ts';
import { listReply, numbers, strings } from './reply.ts';

const orderNo = z.string({ error: '请指定订单号' }).trim().min(1, '请指定订单号').max(64, '订单号不正确');

/** POST /order: what to buy; every amount is computed by the server from prices and settings. */
export const orderCreate = z.object({
  order_type: integer(z.number({ error: '请选择订单类型' }).int().min(1, '不支持的订单类型').max(3, '不支持的订单类型')),
  product_id: integer(z.number().int().min(0, '请选择商品').default(0)),
  /** Recharge: the amount in 元 (whole yuan). Ignored for documents and VIP. */
  quantity: integer(z.number().int('充值金额必须是整数').min(0).max(1_000_000, '单次充值金额太大').default(0)),
});
export const orderNoQuery = z.object({ order_no: orderNo });
/** Wenku: what buying a document would cost this member, asked before any order exists. */
export const documentQuoteQuery = z.object({
  document_id: integer(z.number({ error: '请选择文档' }).int().min(1, '请选择文档')),
});
/** `paid`: bought within the free re-download window (download without paying); `amount` in credits after the VIP discount. */
export const documentQuote = z.object({ ...numbers('price', 'amount'), paid: z.boolean() });
export type DocumentQuote = z.infer<typeof documentQuote>;
export const orderNoBody = z.object({ order_no: orderNo });
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
export type OrderListReply = z.infer<typeof orderListReply>;

export const rechargeSettings = z.object({
  enable: z.boolean(),
  ...strings('credit_name', 'recharge_discount'),
  credit_exchange: z.number(),
});
export type RechargeSettings = z.infer<typeof rechargeSettings>;
