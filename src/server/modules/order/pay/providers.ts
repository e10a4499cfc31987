import type { AppContext } from '../../../context.ts';
import { ApiError, badRequest } from '../../../http/errors.ts';
import type { OrderPayReply } from '../../../../contract/order.ts';
import { ORDER_STATUS, PAYMENT_TYPE } from '../../../../domain/money.ts';
import type { OrderRow } from '../order.repo.ts';
import { alipayPaymentUrl, alipayQuery } from './alipay.ts';
import { SETTINGS } from '../../../../domain/settings/index.ts';
import { wechatPayment, wechatQuery } from './wechat.ts';

const NAME = { [PAYMENT_TYPE.alipay]: '支付宝', [PAYMENT_TYPE.wechat]: '微信' } as Record<number, string>;

/** Starts a WeChat Pay or Alipay payment for a pending order (amounts in fen, from the order). */
export async function startProviderPayment(
  ctx: AppContext,
  order: OrderRow,
  type: number,
  wap: boolean,
  ip: string,
): Promise<OrderPayReply> {
  const enabled = await ctx.settings.get(type === PAYMENT_TYPE.alipay ? SETTINGS.pay.enable_alipay : SETTINGS.pay.enable_wechat);
  if (!enabled) throw badRequest(`本站未开启${NAME[type]}支付`);
  try {
    if (type === PAYMENT_TYPE.alipay)
      return { order_status: ORDER_STATUS.pending, payment_url: await alipayPaymentUrl(ctx, order, wap) };
    return { order_status: ORDER_STATUS.pending, ...(await wechatPayment(ctx, order, wap, ip)) };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    console.warn(`[pay] ${NAME[type]}下单失败（订单 ${order.order_no}）：${(err as Error).message}`);
    throw badRequest(`${NAME[type]}下单失败，请稍后再试`);
  }
}

/** Asks the provider whether a pending order was paid (the checkout page's poll, when the notify is late). */
export async function queryProvider(ctx: AppContext, order: OrderRow): Promise<{ tradeNo: string; amount: number } | undefined> {
  try {
    if (order.payment_type === PAYMENT_TYPE.alipay) return await alipayQuery(ctx, order.order_no);
    if (order.payment_type === PAYMENT_TYPE.wechat) return await wechatQuery(ctx, order.order_no);
  } catch {
    // the provider is unreachable or the trade unknown: the notify will come, or the order times out
  }
  return undefined;
}
