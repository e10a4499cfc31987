import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/db.ts';
import { ORDER_TYPE } from '../../../domain/money.ts';
import { changeCredit } from '../credit/credit.ledger.ts';
import { siteCreditName } from '../credit/credit.service.ts';
import { grantVip } from '../vip/vip.service.ts';
import type { OrderRow } from './order.repo.ts';

/**
 * Delivers what a just-paid order bought, inside the transaction that marked it paid (order.repo
 * markPaid), so an order is delivered exactly when it is paid:
 * - VIP: the membership starts;
 * - recharge: the credits arrive through the ledger;
 * - document: the uploader earns what the buyer paid in credits (the purchase itself is the
 *   download right, see download.service).
 */
export async function fulfilOrder(ctx: AppContext, trx: Database, order: OrderRow): Promise<void> {
  if (order.order_type === ORDER_TYPE.vip) return grantVip(ctx, trx, order);
  if (order.order_type === ORDER_TYPE.recharge) {
    await changeCredit(trx, {
      userId: order.user_id,
      amount: order.credit,
      reason: `充值${order.credit}${await siteCreditName(ctx)}（订单 ${order.order_no}）`,
      refType: 'order',
      refId: order.id,
    });
    return;
  }
  if (order.order_type === ORDER_TYPE.document) {
    const doc = await trx
      .selectFrom('documents')
      .select(['user_id', 'title'])
      .where('id', '=', order.product_id)
      .executeTakeFirst();
    if (doc && doc.user_id && doc.user_id !== order.user_id && order.amount > 0 && order.payment_type === 5)
      await changeCredit(trx, {
        userId: doc.user_id,
        amount: order.amount,
        reason: `文档《${doc.title}》被购买`,
        refType: 'order',
        refId: order.id,
      });
  }
}
