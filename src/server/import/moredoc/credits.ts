import type { ImportContext } from './context.ts';
import { int } from './source.ts';

/** Ledger rows of the opening balances; one per imported user, so a rerun adds none. */
export const OPENING_REF = 'moredoc_import';

/**
 * moredoc keeps only each user's credit balance, no history. Wenku shows every change in the
 * credit log, so each imported balance gets one opening entry there.
 */
export async function openingBalances(ctx: ImportContext): Promise<void> {
  if (ctx.opts.dryRun) return;
  const ids = (await ctx.source.query(`select id from ${ctx.source.table('user')} where credit_count <> 0`)).map((r) =>
    int(r, 'id'),
  );
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    await ctx.db.transaction().execute(async (trx) => {
      const done = new Set(
        (
          await trx
            .selectFrom('credit_logs')
            .select('ref_id')
            .where('ref_type', '=', OPENING_REF)
            .where('ref_id', 'in', part)
            .execute()
        ).map((r) => r.ref_id),
      );
      const todo = part.filter((id) => !done.has(id));
      if (!todo.length) return;
      const users = await trx.selectFrom('users').select(['id', 'credit_count']).where('id', 'in', todo).execute();
      const rows = users
        .filter((u) => u.credit_count !== 0)
        .map((u) => ({
          user_id: u.id,
          amount: u.credit_count,
          balance: u.credit_count,
          reason: '从 moredoc 迁移的积分余额',
          ref_type: OPENING_REF,
          ref_id: u.id,
          created_at: ctx.now,
        }));
      if (rows.length) await trx.insertInto('credit_logs').values(rows).execute();
    });
  }
}
