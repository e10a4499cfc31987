import type { Database } from '../../db/db.ts';
import type { CreditLog, Sign } from '../../../contract/credit.ts';

type Q = Database;

/** The member's ledger, newest first. */
export async function listCreditLogs(db: Q, userId: number, page: number, size: number) {
  const base = db.selectFrom('credit_logs').where('user_id', '=', userId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['id', 'user_id', 'amount', 'balance', 'reason', 'ref_type', 'ref_id', 'created_at'])
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
  ]);
  return { total: Number(count.n), credit_log: rows as CreditLog[] };
}

const toSign = (r: { id: number; user_id: number; sign_day: string; ip: string; award: number; created_at: string }): Sign => ({
  id: r.id,
  user_id: r.user_id,
  sign_at: Number(r.sign_day.replaceAll('-', '')),
  ip: r.ip,
  award: r.award,
  created_at: r.created_at,
});

export async function findSign(db: Q, userId: number, day: string): Promise<Sign | undefined> {
  const row = await db
    .selectFrom('user_signs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('sign_day', '=', day)
    .executeTakeFirst();
  return row && toSign(row);
}

/** Inserts today's sign-in; undefined when one exists already (the unique index decides). */
export async function insertSign(
  db: Q,
  row: { user_id: number; sign_day: string; award: number; ip: string; created_at: string },
) {
  const done = await db
    .insertInto('user_signs')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'sign_day']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return done && toSign(done);
}
