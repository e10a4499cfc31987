import type { Kysely } from 'kysely';
import { addColumn, int, nullableText, stamps, str, table } from './columns.ts';

/** Old VIP settings that no code read; the `vip` tab now carries moredoc Pro's names (seed/configs.ts). */
const OLD_VIP_NAMES = ['badge', 'allow_credit_pay', 'discount', 'download_quota', 'download_per_day'];

/**
 * Money: daily sign-ins, orders, payment notify log, VIP memberships, VIP documents.
 * - `user_signs`: one row per member and calendar day (site time zone); the unique index is what
 *   stops a second sign-in on the same day, however many arrive at once.
 * - `orders`: amounts are integers (fen for VIP and recharge orders, credits for document orders);
 *   `closed_at` holds the payment deadline while pending and the closing time once closed.
 * - `payment_logs`: every notify received, good or bad, with what was done with it.
 * - `user_vips`: one row per VIP bought; `download_used` counts the VIP-document downloads spent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await table(db, 'user_signs', (t) =>
    str(int(t, 'user_id', 'award'), 'sign_day', 'ip').addColumn('created_at', 'text', (c) => c.notNull()),
  );
  await db.schema.createIndex('user_signs_day_uq').unique().on('user_signs').columns(['user_id', 'sign_day']).execute();

  await table(db, 'orders', (t) =>
    nullableText(
      stamps(
        str(
          int(
            t,
            'user_id',
            'order_type',
            'product_id',
            'quantity',
            'price',
            'coupon_amount',
            'amount',
            'credit',
            'status',
            'payment_type',
            'user_deleted',
          ),
          'order_no',
          'product_uuid',
          'product_name',
          'trade_no',
          'remark',
          'ip',
        ),
      ),
      'paid_at',
      'closed_at',
    ),
  );
  await db.schema.createIndex('orders_no_uq').unique().on('orders').column('order_no').execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('orders_pending').on('orders').columns(['status', 'closed_at']).execute();

  await table(db, 'payment_logs', (t) =>
    str(t, 'provider', 'order_no', 'outcome', 'detail', 'ip').addColumn('created_at', 'text', (c) => c.notNull()),
  );

  await table(db, 'user_vips', (t) =>
    str(
      int(t, 'user_id', 'type', 'discount', 'download', 'download_used', 'times'),
      'order_no',
      'joined_at',
      'expired_at',
    ).addColumn('created_at', 'text', (c) => c.notNull()),
  );
  await db.schema.createIndex('user_vips_user').on('user_vips').columns(['user_id', 'expired_at']).execute();

  await addColumn(db, 'documents', 'is_vip', 'integer', 0);
  await addColumn(db, 'downloads', 'vip_id', 'integer', 0);
  await addColumn(db, 'downloads', 'order_id', 'integer', 0);
  await db.schema.createIndex('downloads_vip').on('downloads').columns(['vip_id', 'created_at']).execute();
  await db.schema.createIndex('orders_product').on('orders').columns(['user_id', 'order_type', 'product_id']).execute();
  await db.deleteFrom('configs').where('category', '=', 'vip').where('name', 'in', OLD_VIP_NAMES).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('downloads_vip').ifExists().execute();
  await db.schema.alterTable('downloads').dropColumn('order_id').execute();
  await db.schema.alterTable('downloads').dropColumn('vip_id').execute();
  await db.schema.alterTable('documents').dropColumn('is_vip').execute();
  for (const t of ['user_vips', 'payment_logs', 'orders', 'user_signs']) await db.schema.dropTable(t).ifExists().execute();
}
