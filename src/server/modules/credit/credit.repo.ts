import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import type { CreditLog, Sign } from '../../../contract/credit.ts';
import { Repo } from '../../db/repo.ts';
import { countOf, totalAndPage } from '../../http/list.ts';
import { badRequest } from '../../http/errors.ts';
import { MAX_CREDIT_BALANCE } from '../../../domain/money.ts';

export const CREDIT_OVER_LIMIT = '积分余额将超出上限，本次变动未执行';

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

const toSign = (r: { id: number; user_id: number; sign_day: string; ip: string; award: number; created_at: string }): Sign => ({
  id: r.id,
  user_id: r.user_id,
  sign_at: Number(r.sign_day.replaceAll('-', '')),
  ip: r.ip,
  award: r.award,
  created_at: r.created_at,
});

export class CreditRepo extends Repo {
  /** Whether the ledger has a row for this cause (a reward paid once). */
  async hasEntry(refType: string, refId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('credit_logs')
      .select('id')
      .where('ref_type', '=', refType)
      .where('ref_id', '=', refId)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** How many ledger rows of this kind the user received since `since` (daily reward caps). */
  async rewardsSince(userId: number, refType: string, since: string): Promise<number> {
    return countOf(
      this.db
        .selectFrom('credit_logs')
        .where('user_id', '=', userId)
        .where('ref_type', '=', refType)
        .where('amount', '>', 0)
        .where('created_at', '>=', since),
    );
  }

  /** The ids among `refIds` the user already has a ledger row of this kind for. */
  async paidRefs(userId: number, refType: string, refIds: number[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('credit_logs')
      .select('ref_id')
      .where('user_id', '=', userId)
      .where('ref_type', '=', refType)
      .where('ref_id', 'in', refIds)
      .execute();
    return rows.map((r) => Number(r.ref_id));
  }

  /** The member's ledger, newest first. */
  async logs(userId: number, page: number, size: number) {
    const base = this.db.selectFrom('credit_logs').where('user_id', '=', userId);
    const columns = ['id', 'user_id', 'amount', 'balance', 'reason', 'ref_type', 'ref_id', 'created_at'] as const;
    const [count, rows] = await totalAndPage(base, base.select(columns).orderBy('id', 'desc'), page, size);
    return { total: count, credit_log: rows as CreditLog[] };
  }

  async findSign(userId: number, day: string): Promise<Sign | undefined> {
    const row = await this.db
      .selectFrom('user_signs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('sign_day', '=', day)
      .executeTakeFirst();
    return row && toSign(row);
  }

  /** Inserts today's sign-in; undefined when one exists already (the unique index decides). */
  async insertSign(row: { user_id: number; sign_day: string; award: number; ip: string; created_at: string }) {
    const done = await this.db
      .insertInto('user_signs')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'sign_day']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return done && toSign(done);
  }

  /**
   * The one way credits move: changes a user's balance and writes the matching ledger row (amount,
   * balance after, reason, cause) in the same transaction. Called with a transaction it joins it;
   * called with the plain database it opens its own. Balances never go below zero: the charge is a
   * conditional update, so concurrent charges cannot overdraw.
   * Returns the new balance, or undefined when the user does not exist or a charge is refused for a
   * short balance (nothing is written then).
   */
  async change(change: CreditChange): Promise<number | undefined> {
    const db = this.db;
    if (!db.isTransaction) return db.transaction().execute((trx) => new CreditRepo(trx).change(change));
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
    // past the bound the balance would leave what both databases store as an integer
    if (amount > 0) q = q.where('credit_count', '<=', MAX_CREDIT_BALANCE - amount);
    const row = amount > MAX_CREDIT_BALANCE ? undefined : await q.returning('credit_count').executeTakeFirst();
    if (!row && amount > 0 && (await db.selectFrom('users').select('id').where('id', '=', change.userId).executeTakeFirst()))
      throw badRequest(`${CREDIT_OVER_LIMIT}（上限 ${MAX_CREDIT_BALANCE}）`);
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
}

/** `CreditRepo.change` on a handle: the database, or the caller's transaction to join. */
export const changeCredit = (db: Database, change: CreditChange) => new CreditRepo(db).change(change);
