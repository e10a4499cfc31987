import { deleteInBatches } from '../../db/chunks.ts';
import { Repo } from '../../db/repo.ts';

/** Old reader rows deleted per statement by the view sweep (16–17 ms of SQLite's thread; one statement for 60,000 rows took 0.3 s). */
const VIEW_SWEEP_BATCH = 1_000;

/**
 * Readers' views of documents (`document_views`, migration 020): a reader's views of one document
 * within an interval count once in its `view_count`; the table holds the readers of the last
 * interval only (view.sweep.ts).
 */
export class DocumentViewsRepo extends Repo {
  /**
   * Counts a view of document `id` by `reader` unless that reader's last counted view of it is younger
   * than `intervalMs`: one upsert that writes only then (either dialect; concurrent calls of one reader
   * count once) and the counter, in one transaction. True when it counted.
   */
  countView(id: number, reader: string, intervalMs: number, now = Date.now()): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto('document_views')
        .values({ document_id: id, reader, counted_at: now })
        .onConflict((oc) =>
          oc
            .columns(['document_id', 'reader'])
            .doUpdateSet({ counted_at: now })
            .where('document_views.counted_at', '<=', now - intervalMs),
        )
        .returning('document_id')
        .executeTakeFirst();
      if (!fresh) return false;
      await trx
        .updateTable('documents')
        .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
        .where('id', '=', id)
        .execute();
      return true;
    });
  }

  /** Forgets the readers whose views are older than `intervalMs` (they count again anyway), in batches. Returns how many. */
  forgetOldViews(intervalMs: number, now = Date.now()): Promise<number> {
    return deleteInBatches(VIEW_SWEEP_BATCH, async (batch) => {
      const res = await this.db
        .deleteFrom('document_views')
        .where((eb) =>
          eb(
            eb.refTuple('document_id', 'reader'),
            'in',
            eb
              .selectFrom('document_views')
              .select(['document_id', 'reader'])
              .where('counted_at', '<=', now - intervalMs)
              .limit(batch)
              .$asTuple('document_id', 'reader'),
          ),
        )
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    });
  }
}
