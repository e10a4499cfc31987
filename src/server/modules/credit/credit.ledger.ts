import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';

export interface CreditChange {
  userId: number;
  /** Positive to award, negative to charge. */
  amount: number;
  /** Chinese text shown to the user, e.g. 注册奖励 */
  reason: string;
  /** What caused the change (register, sign, document, download, order…) and its id, for audits and links. */
  refType?: string;
  refId?: number;
  /** A charge larger than the balance takes what there is (penalties); otherwise it is refused. */
  partial?: boolean;
}

/**
 * The one way credits move: changes a user's balance and writes the matching ledger row (amount,
 * balance after, reason, cause) in the same transaction. Called with a transaction it joins it;
 * called with the plain database it opens its own. Balances never go below zero: the charge is a
 * conditional update, so concurrent charges cannot overdraw.
 * Returns the new balance, or undefined when the user does not exist or a charge is refused for a
 * short balance (nothing is written then).
 */
export async function changeCredit(db: Kysely<DB>, change: CreditChange): Promise<number | undefined> {
  if (!db.isTransaction) return db.transaction().execute((trx) => changeCredit(trx, change));
  let amount = Math.trunc(change.amount);
  if (amount < 0 && change.partial) {
    const me = await db.selectFrom('users').select('credit_count').where('id', '=', change.userId).executeTakeFirst();
    if (!me) return undefined;
    amount = -Math.min(-amount, Math.max(0, me.credit_count));
    if (amount === 0) return me.credit_count;
  }
  // the change happens in SQL so concurrent changes never overwrite each other
  let q = db
    .updateTable('users')
    .set((eb) => ({ credit_count: eb('credit_count', '+', amount) }))
    .where('id', '=', change.userId);
  if (amount < 0) q = q.where('credit_count', '>=', -amount);
  const row = await q.returning('credit_count').executeTakeFirst();
  if (!row) return undefined;
  await db
    .insertInto('credit_logs')
    .values({
      user_id: change.userId,
      amount,
      balance: row.credit_count,
      reason: change.reason,
      ref_type: change.refType ?? '',
      ref_id: change.refId ?? 0,
      created_at: nowIso(),
    })
    .execute();
  return row.credit_count;
}
