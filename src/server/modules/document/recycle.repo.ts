import { Repo } from '../../db/repo.ts';
import { FAVORITE_TYPE } from '../../../domain/status.ts';
import { FavoriteRepo } from './favorite.repo.ts';
import { nowIso } from '../../db/dialect.ts';
import { ATTACHMENT_TYPE } from '../../../contract/upload.ts';

/** The recycle bin: documents taken back out of it, or deleted for good with what hangs on them. */
export class RecycleRepo extends Repo {
  /** Takes the recycled documents among `ids` out of the bin; the ones restored. */
  recover(ids: number[]) {
    return this.db
      .updateTable('documents')
      .set({ deleted_at: null, deleted_user_id: 0, updated_at: nowIso() })
      .where('id', 'in', ids)
      .where('deleted_at', 'is not', null)
      .returning(['id', 'user_id'])
      .execute();
  }

  /** The recycled documents among `ids` (`'all'`: the whole bin). */
  binned(ids: number[] | 'all') {
    let q = this.db.selectFrom('documents').select(['id', 'hash', 'ext', 'pages', 'preview']).where('deleted_at', 'is not', null);
    if (ids !== 'all') q = q.where('id', 'in', ids.length ? ids : [0]);
    return q.execute();
  }

  /**
   * Deletes documents with their category links, ratings, favorites (and the favoriters' counters)
   * and attachment rows. Download rows stay: they count towards the daily limits.
   */
  async purge(docIds: number[]): Promise<void> {
    const { db } = this;
    await new FavoriteRepo(db).dropAllOf(FAVORITE_TYPE.document, docIds);
    await db.deleteFrom('document_scores').where('document_id', 'in', docIds).execute();
    await db.deleteFrom('document_categories').where('document_id', 'in', docIds).execute();
    // an attachment marked illegal (enable 0) stays: it is what refuses the file at upload
    await db
      .deleteFrom('attachments')
      .where('type', '=', ATTACHMENT_TYPE.document)
      .where('type_id', 'in', docIds)
      .where('enable', '=', 1)
      .execute();
    await db.deleteFrom('documents').where('id', 'in', docIds).execute();
  }

  /** The hashes among `hashes` still used by a document or a live attachment. */
  async usedHashes(hashes: string[]): Promise<Set<string>> {
    return new Set([
      ...(await this.db.selectFrom('documents').select('hash').where('hash', 'in', hashes).execute()).map((r) => r.hash),
      ...(
        await this.db
          .selectFrom('attachments')
          .select('hash')
          .where('hash', 'in', hashes)
          .where('enable', '=', 1)
          .where('deleted_at', 'is', null)
          .execute()
      ).map((r) => r.hash),
    ]);
  }

  /** Deletes the extracted page texts of files. */
  async deletePageTexts(hashes: string[]): Promise<void> {
    await this.db.deleteFrom('document_pages').where('hash', 'in', hashes).execute();
  }
}
