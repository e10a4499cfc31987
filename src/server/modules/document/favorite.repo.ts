import { cachedCount } from '../../db/count-cache.ts';
import { Repo } from '../../db/repo.ts';
import { nowIso } from '../../db/dialect.ts';
import { paginate, countOf } from '../../http/list.ts';
import type { Favorite } from '../../../contract/favorite.ts';
import { STATUS } from './document.status.ts';

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

  /** Adds a document favorite and counts it on the document and the user. */
  async add(userId: number, documentId: number): Promise<Favorite> {
    const now = nowIso();
    const fav = await this.db
      .insertInto('favorites')
      .values({ user_id: userId, document_id: documentId, type: 0, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.db
      .updateTable('documents')
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
    for (const f of gone.filter((g) => g.type === 0)) {
      await this.db
        .updateTable('documents')
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

  /**
   * A user's favorite documents, newest first: all of them for the owner, only public
   * (converted, not deleted) ones for everyone else.
   */
  async list(
    userId: number,
    page: number | undefined,
    size: number,
    owner: boolean,
  ): Promise<{ total: number; favorite: Favorite[] }> {
    const { db } = this;
    let base = db
      .selectFrom('favorites as f')
      .innerJoin('documents as d', 'd.id', 'f.document_id')
      .where('f.user_id', '=', userId)
      .where('f.type', '=', 0);
    if (!owner) base = base.where('d.status', '=', STATUS.converted).where('d.deleted_at', 'is', null);
    // kept until favourites or documents change (count-cache.ts)
    const n = await cachedCount(db, ['favorites', 'documents'], `favorite-list:${userId}:${owner}`, async () => countOf(base));
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
    const favorite: Favorite[] = rows.map(({ hash, ...row }) => ({ ...row, attachment: { hash } }));
    return { total: n, favorite };
  }
}
