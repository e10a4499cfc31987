import type { Kysely } from 'kysely';
import { addColumn } from './columns.ts';

/**
 * An order the buyer paid twice (through two providers, or twice through one with two trade numbers)
 * keeps the first payment; the second one's trade number is kept here and the order is shown to
 * admins as 需退款 until they mark it refunded (`refund_status` 1 needed, 2 refunded).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumn(db, 'orders', 'refund_trade_no', 'text', '');
  await addColumn(db, 'orders', 'refund_payment_type', 'integer', 0);
  await addColumn(db, 'orders', 'refund_status', 'integer', 0);
  await db.schema.createIndex('orders_refund_status').on('orders').column('refund_status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_refund_status').ifExists().execute();
  for (const c of ['refund_status', 'refund_payment_type', 'refund_trade_no'])
    await db.schema.alterTable('orders').dropColumn(c).execute();
}
