import type { Insertable, Selectable } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { OrdersTable } from '../../db/schema.ts';
import { likeAny, totalAndPage } from '../../http/list.ts';
import { Repo } from '../../db/repo.ts';
import type { Order } from '../../../contract/order.ts';
import { ORDER_STATUS, ORDER_TYPE, REFUND_STATUS } from '../../../domain/money.ts';

export type OrderRow = Selectable<OrdersTable>;

export const toOrder = (r: OrderRow & { username?: string | null }): Order => ({
  id: r.id,
  order_no: r.order_no,
  user_id: r.user_id,
  order_type: r.order_type,
  product_id: r.product_id,
  product_uuid: r.product_uuid,
  product_name: r.product_name,
  quantity: r.quantity,
  price: r.price,
  coupon_amount: r.coupon_amount,
  amount: r.amount,
  credit: r.credit,
  status: r.status,
  payment_type: r.payment_type,
  ...(r.username !== undefined ? { username: r.username ?? '' } : {}),
  created_at: r.created_at,
  paid_at: r.paid_at,
  closed_at: r.closed_at,
  refund_status: r.refund_status,
  refund_payment_type: r.refund_payment_type,
  refund_trade_no: r.refund_trade_no,
});

export interface AdminOrderFilter {
  wd?: string;
  order_status?: number[];
  order_type?: number[];
  payment_type?: number[];
  user_id?: number;
}

/** Orders and the log of payment notifies. */
export class OrderRepo extends Repo {
  insert(row: Insertable<OrdersTable>) {
    return this.db.insertInto('orders').values(row).returningAll().executeTakeFirstOrThrow();
  }

  byNo(orderNo: string) {
    return this.findBy('orders', { order_no: orderNo });
  }

  /** The provider a pending order is being paid through. */
  async setPaymentType(id: number, paymentType: number): Promise<void> {
    await this.db.updateTable('orders').set({ payment_type: paymentType }).where('id', '=', id).execute();
  }

  /** A closed order back to pending (a payment that arrived after it timed out). */
  async reopenClosed(id: number): Promise<void> {
    await this.db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.pending })
      .where('id', '=', id)
      .where('status', '=', ORDER_STATUS.closed)
      .execute();
  }

  /** Closes one order if it is still pending. */
  async closePending(id: number): Promise<void> {
    const now = nowIso();
    await this.db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.closed, closed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', ORDER_STATUS.pending)
      .execute();
  }

  /** The order leaves the member's list (the back office keeps it). */
  async hideFromMember(id: number): Promise<void> {
    await this.db.updateTable('orders').set({ user_deleted: 1, updated_at: nowIso() }).where('id', '=', id).execute();
  }

  /** Closes pending orders whose payment deadline has passed (all of them, or one member's). */
  async closeExpired(userId?: number): Promise<number> {
    let q = this.db
      .updateTable('orders')
      .set({ status: ORDER_STATUS.closed, updated_at: nowIso() })
      .where('status', '=', ORDER_STATUS.pending)
      .where('closed_at', '<=', nowIso());
    if (userId) q = q.where('user_id', '=', userId);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /**
   * Marks a pending order paid — the single step every payment path goes through. The condition on
   * the status makes it happen once however many notifies or clicks arrive together: the caller
   * fulfils the order only when this returns the row.
   */
  /** A second payment of a paid order: kept for an admin to refund (the first one stays the order's). */
  async markRefundNeeded(id: number, paymentType: number, tradeNo: string): Promise<void> {
    await this.db
      .updateTable('orders')
      .set({
        refund_status: REFUND_STATUS.needed,
        refund_payment_type: paymentType,
        refund_trade_no: tradeNo,
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .where('refund_status', '=', REFUND_STATUS.none)
      .execute();
  }

  async markPaid(id: number, paymentType: number, tradeNo = '') {
    const now = nowIso();
    return this.db
      .updateTable('orders')
      .set({
        status: ORDER_STATUS.paid,
        payment_type: paymentType,
        trade_no: tradeNo,
        paid_at: now,
        closed_at: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', ORDER_STATUS.pending)
      .returningAll()
      .executeTakeFirst();
  }

  /** An order of this member for this document: the live pending one, or one paid since `paidSince`. */
  async reusableDocumentOrder(userId: number, documentId: number, paidSince: string) {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('order_type', '=', ORDER_TYPE.document)
      .where('product_id', '=', documentId)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', ORDER_STATUS.pending), eb('closed_at', '>', nowIso())]),
          eb.and([eb('status', '=', ORDER_STATUS.paid), eb('paid_at', '>=', paidSince)]),
        ]),
      )
      .orderBy('status', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async listUserOrders(userId: number, status: number | undefined, page: number, size: number) {
    let base = this.db.selectFrom('orders').where('user_id', '=', userId).where('user_deleted', '=', 0);
    if (status) base = base.where('status', '=', status);
    const [count, rows] = await totalAndPage(base, base.selectAll().orderBy('id', 'desc'), page, size);
    return { total: count, order: rows.map(toOrder) };
  }

  async listOrders(f: AdminOrderFilter, page: number, size: number) {
    let base = this.db.selectFrom('orders as o').leftJoin('users as u', 'u.id', 'o.user_id');
    if (f.wd?.trim()) base = base.where(likeAny(['o.order_no', 'o.product_name', 'u.username'], f.wd.trim()));
    if (f.order_status?.length) base = base.where('o.status', 'in', f.order_status);
    if (f.order_type?.length) base = base.where('o.order_type', 'in', f.order_type);
    if (f.payment_type?.length) base = base.where('o.payment_type', 'in', f.payment_type);
    if (f.user_id) base = base.where('o.user_id', '=', f.user_id);
    const [count, rows] = await totalAndPage(base, base.selectAll('o').select('u.username').orderBy('o.id', 'desc'), page, size);
    return { total: count, order: rows.map(toOrder) };
  }

  /** Records what a payment notify was and what was done with it. */
  async logPayment(entry: { provider: string; order_no: string; outcome: string; detail?: string; ip?: string }): Promise<void> {
    await this.db
      .insertInto('payment_logs')
      .values({ detail: '', ip: '', ...entry, created_at: nowIso() })
      .execute();
  }
}
