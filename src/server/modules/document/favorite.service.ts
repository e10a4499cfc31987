import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { changeCredit, CreditRepo } from '../credit/credit.repo.ts';
import { assertNotPunished, PUNISHMENT } from '../punishment/punishment.service.ts';
import { isUniqueViolation } from '../user/user.service.ts';
import type { Favorite } from '../../../contract/favorite.ts';
import { startOfToday } from './document.repo.ts';
import { isPublic } from './document.status.ts';
import { FavoriteRepo } from './favorite.repo.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';
import { FAVORITE_TYPE, REVIEW_STATUS } from '../../../domain/status.ts';

const ALREADY = '您已经收藏过了';

/**
 * Adds a document to the caller's favorites with the document's and the caller's counters and, for
 * someone else's document, `score.document_collected` credits to the uploader — at most
 * `document_collected_limit` such rewards a day. One transaction. Type 1 favourites an article.
 */
export async function addFavorite(ctx: AppContext, me: number, documentId: number, type: number): Promise<Favorite> {
  if (type === FAVORITE_TYPE.article) return addArticleFavorite(ctx, me, documentId);
  await assertNotPunished(ctx.db, me, [PUNISHMENT.disabled, PUNISHMENT.noFavorite], '您已被禁止收藏文档');
  const doc = await ctx.repos.document.find({ id: documentId });
  if (!doc || doc.deleted_at || !isPublic(doc.status)) throw notFound('文档不存在');
  const amount = await ctx.settings.get(SETTINGS.score.document_collected);
  const limit = await ctx.settings.get(SETTINGS.score.document_collected_limit);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const favorites = new FavoriteRepo(trx);
      if (await favorites.find(me, doc.id, 0)) throw conflict(ALREADY);
      const fav = await favorites.add(me, doc.id);
      const rewarded =
        doc.user_id !== me &&
        amount > 0 &&
        limit > 0 &&
        (await new CreditRepo(trx).rewardsSince(doc.user_id, 'document_collected', startOfToday())) < limit;
      if (rewarded) {
        await changeCredit(trx, {
          userId: doc.user_id,
          amount,
          reason: `文档《${doc.title}》被收藏`,
          refType: 'document_collected',
          refId: fav.id,
        });
      }
      return fav;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY);
    throw err;
  }
}

/** Adds a published article to the caller's favorites with the article's and the caller's counters. One transaction. */
async function addArticleFavorite(ctx: AppContext, me: number, articleId: number): Promise<Favorite> {
  await assertNotPunished(ctx.db, me, [PUNISHMENT.disabled, PUNISHMENT.noFavorite], '您已被禁止收藏文章');
  const article = await ctx.repos.article.byId(articleId);
  if (!article || article.status !== REVIEW_STATUS.published) throw notFound('文章不存在');
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const favorites = new FavoriteRepo(trx);
      if (await favorites.find(me, article.id, FAVORITE_TYPE.article)) throw conflict(ALREADY);
      return favorites.add(me, article.id, FAVORITE_TYPE.article);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY);
    throw err;
  }
}

/** Removes the caller's own favorites among `ids` with the counters; others' ids are ignored. One transaction. */
export async function removeFavorites(ctx: AppContext, me: number, ids: number[]): Promise<void> {
  await ctx.db.transaction().execute((trx) => new FavoriteRepo(trx).remove(me, ids));
}
