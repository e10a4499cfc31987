import type { Database } from '../../db/db.ts';
import { forbidden } from '../../http/errors.ts';
import { REVIEW_STATUS as ARTICLE_STATUS } from '../../../domain/status.ts';
import { assertNotPunished, PUNISHMENT } from '../punishment/punishment.check.ts';

/**
 * Whether a member may publish articles (canipublisharticle): one of his groups allows articles
 * and no punishment 1 (account disabled) or 6 (no articles) is in force; 403 otherwise.
 * Returns the status a new article of his gets: published when one of his publishing groups
 * needs no approval, pending review when all of them do.
 */
export async function memberArticleStatus(db: Database, userId: number): Promise<number> {
  await assertNotPunished(db, userId, [PUNISHMENT.disabled, PUNISHMENT.noArticle], '您已被禁止发布文章');
  const groups = await db
    .selectFrom('groups')
    .innerJoin('user_groups', 'user_groups.group_id', 'groups.id')
    .select(['groups.enable_article', 'groups.enable_article_approval'])
    .where('user_groups.user_id', '=', userId)
    .execute();
  const publishing = groups.filter((g) => g.enable_article);
  if (!publishing.length) throw forbidden('您所在的用户组不允许发布文章');
  return publishing.some((g) => !g.enable_article_approval) ? ARTICLE_STATUS.published : ARTICLE_STATUS.pending;
}
