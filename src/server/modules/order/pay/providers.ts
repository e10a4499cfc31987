import type { AppContext } from '../../../context.ts';
import { badRequest } from '../../../http/errors.ts';
import type { OrderPayReply } from '../../../../contract/order.ts';
import { PAYMENT_TYPE } from '../../../../domain/money.ts';
import type { OrderRow } from '../order.repo.ts';

/** Starts a WeChat Pay or Alipay payment for a pending order. */
export async function startProviderPayment(
  ctx: AppContext,
  order: OrderRow,
  type: number,
  _wap: boolean,
): Promise<OrderPayReply> {
  const enabled = await ctx.settings.bool('pay', type === PAYMENT_TYPE.alipay ? 'enable_alipay' : 'enable_wechat');
  if (!enabled) throw badRequest(`本站未开启${type === PAYMENT_TYPE.alipay ? '支付宝' : '微信'}支付`);
  void order;
  throw badRequest('该支付方式暂不可用');
}
