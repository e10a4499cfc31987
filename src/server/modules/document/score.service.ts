import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { isUniqueViolation } from '../user/user.service.ts';
import { isPublic } from './document.status.ts';
import { ScoreRepo } from './score.repo.ts';

const ALREADY = '您已经评过分了';

/** One rating per user and public document; the document keeps the running average ×100. One transaction. */
export async function rateDocument(ctx: AppContext, me: number, document_id: number, score: number): Promise<void> {
  const doc = await ctx.repos.document.find({ id: document_id });
  if (!doc || doc.deleted_at || !isPublic(doc.status)) throw notFound('文档不存在');
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const scores = new ScoreRepo(trx);
      if (await scores.find(doc.id, me)) throw conflict(ALREADY);
      await scores.add(doc.id, me, score);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY);
    throw err;
  }
}
