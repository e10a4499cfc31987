import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/db.ts';
import { ORDER_TYPE, PAYMENT_TYPE } from '../../../domain/money.ts';
import { changeCredit } from '../credit/credit.repo.ts';
import { siteCreditName } from '../credit/credit.service.ts';
import { startVip, vipPlan } from '../vip/vip.service.ts';
import { findDocument } from '../document/document.repo.ts';
import type { OrderRow } from './order.repo.ts';

export type Delivery = (trx: Database, paid: OrderRow) => Promise<void>;

/**
 * What delivering an order takes, read before its transaction: the settings come from the shared
 * pool on PostgreSQL, and a transaction waiting for a connection while others wait for its row lock
 * would never finish. The returned step runs inside the transaction that marked the order paid
 * (order.repo markPaid), so an order is delivered exactly when it is paid:
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
    const doc = await findDocument(trx, { id: paid.product_id });
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
