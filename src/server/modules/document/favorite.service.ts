import type { AppContext } from '../../context.ts';
import { cachedCount } from '../../db/count-cache.ts';
import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { paginate } from '../../http/list.ts';
import { changeCredit } from '../credit/credit.repo.ts';
import { assertNotPunished, PUNISHMENT } from '../punishment/punishment.service.ts';
import { isUniqueViolation } from '../user/user.service.ts';
import type { Favorite } from '../../../contract/document.ts';
import { findDocument, rewardsToday } from './document.repo.ts';
import { isPublic, STATUS } from './document.status.ts';
import { num } from './document.view.ts';

const ALREADY = '您已经收藏过了';

/**
 * Adds a document to the caller's favorites with the document's and the caller's counters and, for
 * someone else's document, `score.document_collected` credits to the uploader — at most
 * `document_collected_limit` such rewards a day. One transaction.
 */
export async function addFavorite(ctx: AppContext, me: number, documentId: number, type: number): Promise<Favorite> {
  if (type !== 0) throw badRequest('暂不支持收藏文章');
  await assertNotPunished(ctx.db, me, [PUNISHMENT.disabled, PUNISHMENT.noFavorite], '您已被禁止收藏文档');
  const doc = await findDocument(ctx.db, { id: documentId });
  if (!doc || doc.deleted_at || !isPublic(doc.status)) throw notFound('文档不存在');
  const amount = await ctx.settings.num('score', 'document_collected');
  const limit = await ctx.settings.num('score', 'document_collected_limit');
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const had = await trx
        .selectFrom('favorites')
        .select('id')
        .where('user_id', '=', me)
        .where('document_id', '=', doc.id)
        .where('type', '=', 0)
        .executeTakeFirst();
      if (had) throw conflict(ALREADY);
      const now = nowIso();
      const fav = await trx
        .insertInto('favorites')
        .values({ user_id: me, document_id: doc.id, type: 0, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('documents')
        .set((eb) => ({ favorite_count: eb('favorite_count', '+', 1) }))
        .where('id', '=', doc.id)
        .execute();
      await trx
        .updateTable('users')
        .set((eb) => ({ favorite_count: eb('favorite_count', '+', 1) }))
        .where('id', '=', me)
        .execute();
      const rewarded =
        doc.user_id !== me && amount > 0 && limit > 0 && (await rewardsToday(trx, doc.user_id, 'document_collected')) < limit;
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

/** Removes the caller's own favorites among `ids` with the counters; others' ids are ignored. One transaction. */
export async function removeFavorites(ctx: AppContext, me: number, ids: number[]): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('favorites')
      .where('id', 'in', ids)
      .where('user_id', '=', me)
      .returning(['document_id', 'type'])
      .execute();
    for (const f of gone.filter((g) => g.type === 0)) {
      await trx
        .updateTable('documents')
        .set((eb) => ({ favorite_count: eb('favorite_count', '-', 1) }))
        .where('id', '=', f.document_id)
        .execute();
    }
    if (gone.length) {
      await trx
        .updateTable('users')
        .set((eb) => ({ favorite_count: eb('favorite_count', '-', gone.length) }))
        .where('id', '=', me)
        .execute();
    }
  });
}

/** The caller's favorite of a document (an empty object when there is none). */
export async function findFavorite(
  db: Database,
  me: number,
  documentId: number,
  type: number,
): Promise<Favorite | Record<string, never>> {
  const row = await db
    .selectFrom('favorites')
    .selectAll()
    .where('user_id', '=', me)
    .where('document_id', '=', documentId)
    .where('type', '=', type)
    .executeTakeFirst();
  return row ?? {};
}

/**
 * A user's favorite documents, newest first: all of them for the owner, only public
 * (converted, not deleted) ones for everyone else.
 */
export async function listFavorites(
  db: Database,
  userId: number,
  page: number | undefined,
  size: number,
  owner: boolean,
): Promise<{ total: number; favorite: Favorite[] }> {
  let base = db
    .selectFrom('favorites as f')
    .innerJoin('documents as d', 'd.id', 'f.document_id')
    .where('f.user_id', '=', userId)
    .where('f.type', '=', 0);
  if (!owner) base = base.where('d.status', '=', STATUS.converted).where('d.deleted_at', 'is', null);
  // kept until favourites or documents change (count-cache.ts)
  const n = await cachedCount(db, ['favorites', 'documents'], `favorite-list:${userId}:${owner}`, async () =>
    Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  );
  const rows = await paginate(
    base
      .select([
        'f.id',
        'f.user_id',
        'f.document_id',
        'f.type',
        'f.created_at',
        'f.updated_at',
        'd.title',
        'd.ext',
        'd.uuid as document_uuid',
        'd.score',
        'd.pages',
        'd.size',
        'd.hash',
      ])
      .orderBy('f.id', 'desc'),
    page,
    size,
  ).execute();
  const favorite: Favorite[] = rows.map(({ hash, ...row }) => ({ ...row, size: num(row.size), attachment: { hash } }));
  return { total: Number(n), favorite };
}
