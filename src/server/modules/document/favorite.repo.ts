import { cachedCount } from '../../db/count-cache.ts';
import { Repo } from '../../db/repo.ts';
import { nowIso } from '../../db/dialect.ts';
import { paginate, countOf } from '../../http/list.ts';
import type { Favorite } from '../../../contract/favorite.ts';
import { FAVORITE_TYPE, REVIEW_STATUS } from '../../../domain/status.ts';
import { STATUS } from './document.status.ts';

/** The favourite's own columns, the same for documents and articles. */
const FAVORITE_COLUMNS = ['f.id', 'f.user_id', 'f.document_id', 'f.type', 'f.created_at', 'f.updated_at'] as const;

/** Favorites with the counters they keep (the document's and the favoriter's favorite_count). */
export class FavoriteRepo extends Repo {
  /** The user's favorite of a document. */
  find(userId: number, documentId: number, type: number): Promise<Favorite | undefined> {
    return this.db
      .selectFrom('favorites')
      .selectAll()
      .where('user_id', '=', userId)
      .where('document_id', '=', documentId)
      .where('type', '=', type)
      .executeTakeFirst();
  }

  /** Adds a favorite of a document (or, with `type` 1, of an article) and counts it on the item and the user. */
  async add(userId: number, documentId: number, type: number = FAVORITE_TYPE.document): Promise<Favorite> {
    const now = nowIso();
    const fav = await this.db
      .insertInto('favorites')
      .values({ user_id: userId, document_id: documentId, type, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.db
      .updateTable(counted(type))
      .set((eb) => ({ favorite_count: eb('favorite_count', '+', 1) }))
      .where('id', '=', documentId)
      .execute();
    await this.db
      .updateTable('users')
      .set((eb) => ({ favorite_count: eb('favorite_count', '+', 1) }))
      .where('id', '=', userId)
      .execute();
    return fav;
  }

  /** Removes the user's own favorites among `ids` with the counters; others' ids are ignored. */
  async remove(userId: number, ids: number[]): Promise<void> {
    const gone = await this.db
      .deleteFrom('favorites')
      .where('id', 'in', ids)
      .where('user_id', '=', userId)
      .returning(['document_id', 'type'])
      .execute();
    for (const f of gone) {
      await this.db
        .updateTable(counted(f.type))
        .set((eb) => ({ favorite_count: eb('favorite_count', '-', 1) }))
        .where('id', '=', f.document_id)
        .execute();
    }
    if (gone.length) {
      await this.db
        .updateTable('users')
        .set((eb) => ({ favorite_count: eb('favorite_count', '-', gone.length) }))
        .where('id', '=', userId)
        .execute();
    }
  }

  /** Drops every favorite of these items (documents or articles deleted for good) with the favoriters' counters. */
  async dropAllOf(type: number, itemIds: number[]): Promise<void> {
    const { db } = this;
    const favs = await db
      .selectFrom('favorites')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('type', '=', type)
      .where('document_id', 'in', itemIds)
      .groupBy('user_id')
      .execute();
    for (const f of favs) {
      const by = Number(f.n);
      await db
        .updateTable('users')
        .set((eb) => ({ favorite_count: eb('favorite_count', '-', by) }))
        .where('id', '=', f.user_id)
        .execute();
    }
    await db.deleteFrom('favorites').where('type', '=', type).where('document_id', 'in', itemIds).execute();
  }

  /**
   * A user's favorite documents, newest first: all of them for the owner, only public
   * (converted, not deleted) ones for everyone else. With `type` 1, the favorite articles.
   */
  async list(
    userId: number,
    page: number | undefined,
    size: number,
    owner: boolean,
    type: number = FAVORITE_TYPE.document,
  ): Promise<{ total: number; favorite: Favorite[] }> {
    if (type === FAVORITE_TYPE.article) return this.articles(userId, page, size, owner);
    const { db } = this;
    let base = this.favoritesOf(userId, FAVORITE_TYPE.document).innerJoin('documents as d', 'd.id', 'f.document_id');
    if (!owner) base = base.where('d.status', '=', STATUS.converted).where('d.deleted_at', 'is', null);
    // kept until favourites or documents change (count-cache.ts)
    const n = await cachedCount(db, ['favorites', 'documents'], `favorite-list:${userId}:${owner}`, async () => countOf(base));
    const rows = await paginate(
      base
        .select([...FAVORITE_COLUMNS, 'd.title', 'd.ext', 'd.uuid as document_uuid', 'd.score', 'd.pages', 'd.size', 'd.hash'])
        .orderBy('f.id', 'desc'),
      page,
      size,
    ).execute();
    const favorite: Favorite[] = rows.map(({ hash, ...row }) => ({ ...row, attachment: { hash } }));
    return { total: n, favorite };
  }

  /** A user's favorite articles, newest first (`document_uuid` is the article's identifier, as in moredoc). */
  private async articles(userId: number, page: number | undefined, size: number, owner: boolean) {
    const { db } = this;
    let base = this.favoritesOf(userId, FAVORITE_TYPE.article).innerJoin('articles as a', 'a.id', 'f.document_id');
    if (!owner) base = base.where('a.status', '=', REVIEW_STATUS.published).where('a.deleted_at', 'is', null);
    const n = await cachedCount(db, ['favorites', 'articles'], `favorite-articles:${userId}:${owner}`, async () => countOf(base));
    const favorite: Favorite[] = await paginate(
      base.select([...FAVORITE_COLUMNS, 'a.title', 'a.identifier as document_uuid']).orderBy('f.id', 'desc'),
      page,
      size,
    ).execute();
    return { total: n, favorite };
  }

  /** The user's favourites of one type, as `f` (the list methods join what they point at). */
  private favoritesOf(userId: number, type: number) {
    return this.db.selectFrom('favorites as f').where('f.user_id', '=', userId).where('f.type', '=', type);
  }
}

/** The table whose favorite_count a favorite of this type counts on. */
const counted = (type: number) => (type === FAVORITE_TYPE.article ? 'articles' : 'documents');
