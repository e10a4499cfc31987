import { randomInt } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/dialect.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { DocumentQuote, Order } from '../../../contract/order.ts';
import {
  MAX_CREDIT_BALANCE,
  ORDER_STATUS,
  ORDER_TYPE,
  parseRechargeDiscounts,
  rechargeFen,
  rechargePercent,
  redownloadWindowStart,
  discounted,
} from '../../../domain/money.ts';
import { siteCreditName } from '../credit/credit.service.ts';
import { STATUS } from '../document/document.status.ts';
import { vipDiscount, vipPlan, VIP_DISABLED } from '../vip/vip.service.ts';
import { toOrder, type OrderRow } from './order.repo.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

export const ORDER_NOT_FOUND = '订单不存在';

/** 26 characters: the time to the second, then 12 random digits — unique by index, unguessable by chance. */
export function newOrderNo(at = new Date()): string {
  const t = at.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${t}${String(randomInt(0, 1e6)).padStart(6, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
}

/** Start of the free re-download window for a document bought before (download.free_download_duration days). */
export async function paidWindowStart(ctx: AppContext): Promise<string> {
  return redownloadWindowStart(await ctx.settings.get(SETTINGS.download.free_download_duration));
}

interface Priced {
  product_id: number;
  product_uuid: string;
  product_name: string;
  quantity: number;
  price: number;
  amount: number;
  credit: number;
}

/** The document a member may buy (converted, priced, someone else's), else the error that says why not. */
async function buyableDocument(ctx: AppContext, userId: number, id: number) {
  const doc = await ctx.repos.document.find({ id });
  if (!doc || doc.deleted_at || doc.status !== STATUS.converted) throw notFound('文档不存在');
  if (doc.price <= 0) throw badRequest('该文档免费，无需购买');
  if (doc.user_id === userId) throw badRequest('这是您自己上传的文档，可以直接下载');
  return doc;
}

async function priceDocument(ctx: AppContext, userId: number, id: number): Promise<Priced | OrderRow> {
  const doc = await buyableDocument(ctx, userId, id);
  const existing = await ctx.repos.order.reusableDocumentOrder(userId, doc.id, await paidWindowStart(ctx));
  if (existing) return existing;
  const amount = discounted(doc.price, await vipDiscount(ctx.db, userId));
  return {
    product_id: doc.id,
    product_uuid: doc.uuid,
    product_name: doc.title,
    quantity: 1,
    price: doc.price,
    amount,
    credit: 0,
  };
}

/**
 * GET /order/document/quote: the price the 文档下载 dialog shows, without writing anything, so an
 * order exists only once the member confirms (an abandoned dialog left a 待支付 order behind).
 */
export async function quoteDocument(ctx: AppContext, userId: number, id: number): Promise<DocumentQuote> {
  const priced = await priceDocument(ctx, userId, id);
  return { price: priced.price, amount: priced.amount, paid: 'status' in priced && priced.status === ORDER_STATUS.paid };
}

async function priceVip(ctx: AppContext, type: number): Promise<Priced> {
  if (!(await ctx.settings.get(SETTINGS.vip.enable))) throw forbidden(VIP_DISABLED);
  const plan = await vipPlan(ctx, type);
  if (!plan) throw badRequest('VIP套餐不存在');
  if (plan.price <= 0) throw badRequest('该VIP套餐尚未定价');
  return {
    product_id: type,
    product_uuid: '',
    product_name: plan.label,
    quantity: 1,
    price: plan.price,
    amount: plan.price,
    credit: 0,
  };
}

async function priceRecharge(ctx: AppContext, yuan: number): Promise<Priced> {
  if (!(await ctx.settings.get(SETTINGS.score.enable_recharge))) throw forbidden('本站暂未开放积分充值');
  if (yuan < 1) throw badRequest('充值金额至少为1元');
  const rate = await ctx.settings.get(SETTINGS.pay.exchange_rate);
  if (rate <= 0) throw badRequest('本站尚未设置人民币兑积分比例，暂时无法充值');
  const percent = rechargePercent(parseRechargeDiscounts(await ctx.settings.get(SETTINGS.score.recharge_discount)), yuan);
  const credit = yuan * rate;
  // a rate saved before it was bounded could make a balance no database column holds
  if (!Number.isSafeInteger(credit) || credit > MAX_CREDIT_BALANCE)
    throw badRequest(`单次充值的${await siteCreditName(ctx)}不能超过 ${MAX_CREDIT_BALANCE}，请减少充值金额`);
  return {
    product_id: 0,
    product_uuid: '',
    product_name: `充值${credit}${await siteCreditName(ctx)}`,
    quantity: yuan,
    price: 100,
    amount: rechargeFen(yuan, percent),
    credit,
  };
}

/** POST /order: prices come from the document, the settings and the member's VIP, never from the client. */
export async function createOrder(
  ctx: AppContext,
  userId: number,
  ip: string,
  input: { order_type: number; product_id: number; quantity: number },
): Promise<Order> {
  let priced: Priced | OrderRow;
  if (input.order_type === ORDER_TYPE.document) priced = await priceDocument(ctx, userId, input.product_id);
  else if (input.order_type === ORDER_TYPE.vip) priced = await priceVip(ctx, input.product_id);
  else if (input.order_type === ORDER_TYPE.recharge) priced = await priceRecharge(ctx, input.quantity);
  else throw badRequest('不支持的订单类型');
  if ('order_no' in priced) return toOrder(priced);
  const minutes = Math.max(1, await ctx.settings.get(SETTINGS.pay.order_timeout));
  const now = new Date();
  const row = await ctx.repos.order.insert({
    ...priced,
    order_no: newOrderNo(now),
    user_id: userId,
    order_type: input.order_type,
    coupon_amount: priced.quantity * priced.price - priced.amount,
    status: ORDER_STATUS.pending,
    payment_type: 0,
    trade_no: '',
    remark: '',
    ip,
    user_deleted: 0,
    paid_at: null,
    closed_at: new Date(now.getTime() + minutes * 60_000).toISOString(),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  return toOrder(row);
}

/** The caller's order (or anyone's for an order admin), after closing it if its time ran out. */
export async function ownOrder(ctx: AppContext, userId: number, orderNo: string, isAdmin = false): Promise<OrderRow> {
  let row = await ctx.repos.order.byNo(orderNo);
  if (!row || (row.user_id !== userId && !isAdmin) || (row.user_deleted && !isAdmin)) throw notFound(ORDER_NOT_FOUND);
  if (row.status === ORDER_STATUS.pending && row.closed_at && row.closed_at <= nowIso()) {
    await ctx.repos.order.closeExpired(row.user_id);
    row = (await ctx.repos.order.byNo(orderNo))!;
  }
  return row;
}

/** PUT /order/close: the member gives up a pending order. */
export async function closeOrder(ctx: AppContext, userId: number, orderNo: string): Promise<Order> {
  const row = await ownOrder(ctx, userId, orderNo);
  if (row.status === ORDER_STATUS.paid) throw badRequest('订单已支付，不能关闭');
  if (row.status === ORDER_STATUS.pending) await ctx.repos.order.closePending(row.id);
  return toOrder((await ctx.repos.order.byNo(orderNo))!);
}

/** DELETE /order: a closed order leaves the member's list (the back office keeps it). */
export async function deleteOrder(ctx: AppContext, userId: number, orderNo: string): Promise<void> {
  const row = await ownOrder(ctx, userId, orderNo);
  if (row.status !== ORDER_STATUS.closed) throw badRequest('只能删除已关闭的订单');
  await ctx.repos.order.hideFromMember(row.id);
}
