import type { AppContext } from '../../context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import type { OrderPayReply } from '../../../contract/order.ts';
import { creditsForFen, isRepeatPayment, ORDER_STATUS, ORDER_TYPE, PAYMENT_TYPE } from '../../../domain/money.ts';
import { changeCredit } from '../credit/credit.repo.ts';
import { siteCreditName } from '../credit/credit.service.ts';
import { OrderRepo, type OrderRow } from './order.repo.ts';
import { ownOrder } from './order.service.ts';
import { queryProvider, startProviderPayment } from './pay/providers.ts';
import type { Database } from '../../db/db.ts';
import { startVip, vipPlan } from '../vip/vip.service.ts';
import { DocumentRepo } from '../document/document.repo.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

export const ORDER_NOT_PENDING = '订单已支付或已关闭';

/** Credits an order costs: document orders are priced in credits; VIP orders in fen at the exchange rate. */
export async function creditPrice(ctx: AppContext, order: OrderRow): Promise<number> {
  if (order.order_type === ORDER_TYPE.document) return order.amount;
  if (order.order_type !== ORDER_TYPE.vip) throw badRequest('积分充值订单不能使用积分支付');
  if (!(await ctx.settings.get(SETTINGS.vip.enable_credit_pay))) throw forbidden('本站未开放积分购买VIP');
  const rate = await ctx.settings.get(SETTINGS.pay.exchange_rate);
  if (rate <= 0) throw badRequest('本站尚未设置人民币兑积分比例');
  return creditsForFen(order.amount, rate);
}

/**
 * Pays with credits in one transaction: the order turns paid (once), the credits leave through the
 * ledger (refused when short — then nothing is written), and the order is delivered.
 */
async function payWithCredits(ctx: AppContext, order: OrderRow): Promise<OrderPayReply> {
  const cost = await creditPrice(ctx, order);
  const name = await siteCreditName(ctx);
  const deliver = await prepareDelivery(ctx, order);
  await ctx.db.transaction().execute(async (trx) => {
    const paid = await new OrderRepo(trx).markPaid(order.id, PAYMENT_TYPE.credit);
    if (!paid) throw badRequest(ORDER_NOT_PENDING);
    if (cost > 0) {
      const left = await changeCredit(trx, {
        userId: order.user_id,
        amount: -cost,
        reason: `购买${order.order_type === ORDER_TYPE.vip ? '' : '文档'}《${order.product_name}》`,
        refType: 'order',
        refId: order.id,
      });
      if (left === undefined) throw badRequest(`您的${name}不足，需要 ${cost} ${name}`);
    }
    await deliver(trx, paid);
  });
  return { order_status: ORDER_STATUS.paid };
}

/** POST /order/pay: credits pay at once; WeChat Pay and Alipay answer with a QR code or a payment page. */
export async function payOrder(
  ctx: AppContext,
  userId: number,
  ip: string,
  input: { order_no: string; payment_type: number; is_wap?: boolean },
): Promise<OrderPayReply> {
  const order = await ownOrder(ctx, userId, input.order_no);
  if (order.status !== ORDER_STATUS.pending) throw badRequest(ORDER_NOT_PENDING);
  if (input.payment_type === PAYMENT_TYPE.credit) return payWithCredits(ctx, order);
  if (input.payment_type !== PAYMENT_TYPE.wechat && input.payment_type !== PAYMENT_TYPE.alipay)
    throw badRequest('不支持的支付方式');
  if (order.order_type === ORDER_TYPE.document) throw badRequest('文档请使用积分购买');
  // remembered so that the status poll knows which provider to ask (the paying notify sets it again)
  await ctx.repos.order.setPaymentType(order.id, input.payment_type);
  return startProviderPayment(ctx, order, input.payment_type, Boolean(input.is_wap), ip);
}

/**
 * GET /order/status: a pending order paid through a provider whose notify has not arrived yet is
 * looked up with the provider (trade query), and paid when the provider says so.
 */
export async function orderStatus(ctx: AppContext, order: OrderRow, ip: string): Promise<OrderRow> {
  if (order.status !== ORDER_STATUS.pending) return order;
  if (order.payment_type !== PAYMENT_TYPE.alipay && order.payment_type !== PAYMENT_TYPE.wechat) return order;
  const paid = await queryProvider(ctx, order);
  if (!paid) return order;
  const provider = order.payment_type === PAYMENT_TYPE.alipay ? 'alipay' : 'wechat';
  await confirmPaid(ctx, { provider, orderNo: order.order_no, tradeNo: paid.tradeNo, amount: paid.amount, ip, via: 'query' });
  return (await ctx.repos.order.byNo(order.order_no))!;
}

/**
 * A provider says an order is paid (verified notify or trade query). Pays the order once: a wrong
 * amount, an unknown order or a repeat changes nothing. Every outcome is logged.
 * Returns whether the notify was handled (the provider should stop resending).
 */
export async function confirmPaid(
  ctx: AppContext,
  n: { provider: 'alipay' | 'wechat'; orderNo: string; tradeNo: string; amount: number; ip?: string; via?: 'notify' | 'query' },
): Promise<boolean> {
  const log = (outcome: string, detail = '') =>
    ctx.repos.order.logPayment({
      provider: n.provider,
      order_no: n.orderNo,
      outcome,
      detail: `${n.via ?? 'notify'} ${detail}`.trim(),
      ip: n.ip ?? '',
    });
  const order = await ctx.repos.order.byNo(n.orderNo);
  if (!order) return log('unknown_order').then(() => false);
  if (order.amount !== n.amount) return log('amount_mismatch', `expected ${order.amount}, got ${n.amount}`).then(() => false);
  const type = n.provider === 'alipay' ? PAYMENT_TYPE.alipay : PAYMENT_TYPE.wechat;
  if (order.status === ORDER_STATUS.paid) return paidAgain(ctx, order, type, n.tradeNo, log);
  const deliver = await prepareDelivery(ctx, order);
  const done = await ctx.db.transaction().execute(async (trx) => {
    // a payment that lands after the order timed out is still honoured: the money was taken
    if (order.status === ORDER_STATUS.closed) await new OrderRepo(trx).reopenClosed(order.id);
    const paid = await new OrderRepo(trx).markPaid(order.id, type, n.tradeNo);
    if (!paid) return false;
    await deliver(trx, paid);
    return true;
  });
  if (!done) return paidAgain(ctx, (await ctx.repos.order.byNo(n.orderNo))!, type, n.tradeNo, log);
  await log('paid', n.tradeNo);
  return true;
}

/**
 * A notify for an order already paid: the same trade again is a repeat; another trade (the buyer
 * paid twice, through two providers or twice through one) keeps the first payment, and the second
 * is recorded on the order as 需退款 for the admins to refund.
 */
async function paidAgain(
  ctx: AppContext,
  order: OrderRow,
  type: number,
  tradeNo: string,
  log: (outcome: string, detail?: string) => Promise<void>,
): Promise<boolean> {
  if (isRepeatPayment(order, type, tradeNo)) return log('duplicate', tradeNo).then(() => true);
  await ctx.repos.order.markRefundNeeded(order.id, type, tradeNo);
  await log('paid_twice', `${tradeNo} (first ${order.trade_no})`);
  return true;
}

export type Delivery = (trx: Database, paid: OrderRow) => Promise<void>;

/**
 * What delivering an order takes, read before its transaction: the settings come from the shared
 * pool on PostgreSQL, and a transaction waiting for a connection while others wait for its row lock
 * would never finish. The returned step runs inside the transaction that marked the order paid
 * (OrderRepo.markPaid), so an order is delivered exactly when it is paid:
 * - VIP: the membership starts;
 * - recharge: the credits arrive through the ledger;
 * - document: the uploader earns what the buyer paid in credits (the purchase itself is the
 *   download right, see download.service).
 */
export async function prepareDelivery(ctx: AppContext, order: OrderRow): Promise<Delivery> {
  if (order.order_type === ORDER_TYPE.vip) {
    const plan = await vipPlan(ctx, order.product_id);
    return (trx, paid) => startVip(trx, paid, plan);
  }
  if (order.order_type === ORDER_TYPE.recharge) {
    const name = await siteCreditName(ctx);
    return async (trx, paid) => {
      await changeCredit(trx, {
        userId: paid.user_id,
        amount: paid.credit,
        reason: `充值${paid.credit}${name}（订单 ${paid.order_no}）`,
        refType: 'order',
        refId: paid.id,
      });
    };
  }
  return async (trx, paid) => {
    if (paid.order_type !== ORDER_TYPE.document || paid.payment_type !== PAYMENT_TYPE.credit || paid.amount <= 0) return;
    const doc = await new DocumentRepo(trx).find({ id: paid.product_id });
    if (doc && doc.user_id && doc.user_id !== paid.user_id)
      await changeCredit(trx, {
        userId: doc.user_id,
        amount: paid.amount,
        reason: `文档《${doc.title}》被购买`,
        refType: 'order',
        refId: paid.id,
      });
  };
}
