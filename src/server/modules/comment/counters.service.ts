import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ConfigStore } from '../config/config.store.ts';
import { changeCredit, CreditRepo } from '../credit/credit.repo.ts';
import { DocumentRepo, startOfToday } from '../document/document.repo.ts';
import { CommentTargetRepo, TYPE_DOCUMENT } from './comment-target.repo.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

type Q = Kysely<DB>;

/** Ledger ref_type of the uploader's reward for an approved comment on his document. */
export const COMMENT_REWARD_REF = 'document_commented';

export interface CommentReward {
  /** credits per rewarded comment (score.document_commented) */
  amount: number;
  /** rewarded comments per uploader and day (score.document_commented_limit); 0 = none */
  limit: number;
}

export async function rewardSettings(settings: ConfigStore): Promise<CommentReward> {
  return {
    amount: await settings.get(SETTINGS.score.document_commented),
    limit: await settings.get(SETTINGS.score.document_commented_limit),
  };
}

/** The comment fields the counters depend on. */
export interface CountedComment {
  id: number;
  parent_id: number;
  document_id: number;
  type: number;
  user_id: number;
}

/**
 * Credits the uploader of a commented document: never for his own comment, once per comment
 * (an approval that is taken back and given again pays nothing more), and at most `limit`
 * comments a day. Runs inside the caller's transaction.
 */
async function rewardUploader(trx: Q, c: CountedComment, reward: CommentReward): Promise<void> {
  if (c.type !== TYPE_DOCUMENT || reward.amount <= 0 || reward.limit <= 0) return;
  const doc = await new DocumentRepo(trx).find({ id: c.document_id });
  if (!doc || !doc.user_id || doc.user_id === c.user_id) return;
  await new CommentTargetRepo(trx).lockUser(doc.user_id);
  const credits = new CreditRepo(trx);
  if (await credits.hasEntry(COMMENT_REWARD_REF, c.id)) return;
  // rewards are positive amounts, so today's count of them is the day's rewarded comments
  if ((await credits.rewardsSince(doc.user_id, COMMENT_REWARD_REF, startOfToday())) >= reward.limit) return;
  await changeCredit(trx, {
    userId: doc.user_id,
    amount: reward.amount,
    reason: `文档《${doc.title}》被评论奖励`,
    refType: COMMENT_REWARD_REF,
    refId: c.id,
  });
}

/**
 * Comments entering (+1) or leaving (-1) the approved state: the document's or article's, the
 * parent comment's and the author's counters follow; entering may reward the uploader.
 * Must run inside the transaction that changes the comments.
 */
export async function moveCounters(trx: Q, rows: CountedComment[], delta: 1 | -1, reward?: CommentReward): Promise<void> {
  const targets = new CommentTargetRepo(trx);
  for (const c of rows) {
    await targets.bump(c.type, c.document_id, delta);
    if (c.parent_id) await targets.bumpRow('comments', c.parent_id, delta);
    await targets.bumpRow('users', c.user_id, delta);
    if (delta > 0 && reward) await rewardUploader(trx, c, reward);
  }
}
