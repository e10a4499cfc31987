import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';

export interface CreditChange {
  userId: number;
  /** Positive to award, negative to charge; a balance may go negative (moredoc). */
  amount: number;
  /** Chinese text shown to the user, e.g. 注册奖励 */
  reason: string;
  /** What caused the change (register, sign, document, download…) and its id, for audits. */
  refType?: string;
  refId?: number;
}

/**
 * Changes a user's credit balance and writes the matching ledger row in the same transaction.
 * Called with a transaction it joins it; called with the plain database it opens its own.
 * Returns the new balance, or undefined when the user does not exist (nothing is written then).
 */
export async function changeCredit(db: Kysely<DB>, change: CreditChange): Promise<number | undefined> {
  if (!db.isTransaction) return db.transaction().execute((trx) => changeCredit(trx, change));
  const amount = Math.trunc(change.amount);
  // the increment happens in SQL so concurrent changes never overwrite each other
  const row = await db
    .updateTable('users')
    .set((eb) => ({ credit_count: eb('credit_count', '+', amount) }))
    .where('id', '=', change.userId)
    .returning('credit_count')
    .executeTakeFirst();
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
