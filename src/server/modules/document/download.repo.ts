import { sql, type Insertable, type SqlBool } from 'kysely';
import { cachedCount } from '../../db/count-cache.ts';
import { Repo } from '../../db/repo.ts';
import { dialectOf } from '../../db/dialect.ts';
import type { DownloadsTable } from '../../db/schema.ts';
import { paginate, countOf } from '../../http/list.ts';
import { ORDER_STATUS, ORDER_TYPE } from '../../../domain/money.ts';
import type { Download } from '../../../contract/download.ts';
import { startOfToday } from './document.repo.ts';

// written out, not a parameter: SQLite uses the partial index of paid downloads (migration 032)
// only for a query whose condition holds its own term, `is_pay = 1`
const IS_PAID = sql<SqlBool>`is_pay = 1`;

/** Advisory lock classes of one address's and one member's downloads ("DI", "DU"). */
const DOWNLOAD_IP_LOCK = 0x4449;
const DOWNLOAD_USER_LOCK = 0x4455;

export class DownloadRepo extends Repo {
  /** Records a download and counts it on the document; the new row's id. */
  async record(row: Insertable<DownloadsTable>): Promise<number> {
    const { id } = await this.db.insertInto('downloads').values(row).returning('id').executeTakeFirstOrThrow();
    await this.db
      .updateTable('documents')
      .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
      .where('id', '=', row.document_id)
      .execute();
    return id;
  }

  /** Today's downloads from one address or by one member. */
  async countToday(by: { ip: string } | { userId: number }): Promise<number> {
    const q = this.db.selectFrom('downloads').where('created_at', '>=', startOfToday());
    return countOf('ip' in by ? q.where('ip', '=', by.ip) : q.where('user_id', '=', by.userId));
  }

  /**
   * PostgreSQL: holds the downloader's address and member locks until the transaction ends, always in
   * this order (no deadlock). SQLite writes one transaction at a time anyway. On a transaction handle.
   */
  async lockDownloader(ip: string, userId: number): Promise<void> {
    if (dialectOf(this.db) !== 'postgres') return;
    await sql`select pg_advisory_xact_lock(${DOWNLOAD_IP_LOCK}, hashtext(${ip}))`.execute(this.db);
    if (userId) await sql`select pg_advisory_xact_lock(${DOWNLOAD_USER_LOCK}, ${userId}::int)`.execute(this.db);
  }

  /** Whether the user paid for a download of this document since `since`. */
  paidSince(userId: number, documentId: number, since: string): Promise<boolean> {
    return this.hasRow('downloads', (eb) =>
      eb.and({ user_id: userId, document_id: documentId }).and('created_at', '>=', since).and(IS_PAID),
    );
  }

  /** The highest price the member paid for each of these documents (absent: never paid). */
  private async paidPrices(me: number, documentIds: readonly number[]): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('downloads')
      .select((eb) => ['document_id', eb.fn.max('price').as('price')])
      .where('user_id', '=', me)
      .where('document_id', 'in', [...documentIds])
      .where(IS_PAID)
      .groupBy('document_id')
      .execute();
    return new Map(rows.map((r) => [r.document_id, Number(r.price)]));
  }

  /**
   * The newest paid order of the user for this document that was paid since `since` or has not been
   * used for a download yet. 0: none.
   */
  async purchasedOrder(userId: number, documentId: number, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('orders as o')
      .select('o.id')
      .where('o.user_id', '=', userId)
      .where('o.order_type', '=', ORDER_TYPE.document)
      .where('o.product_id', '=', documentId)
      .where('o.status', '=', ORDER_STATUS.paid)
      .where((eb) =>
        eb.or([
          eb('o.paid_at', '>=', since),
          eb.not(eb.exists(eb.selectFrom('downloads as d').select('d.id').whereRef('d.order_id', '=', 'o.id'))),
        ]),
      )
      .orderBy('o.id', 'desc')
      .executeTakeFirst();
    return row?.id ?? 0;
  }

  /**
   * 我的下载: one row per document, however often it was downloaded (a free re-download records a
   * download for the limits and counters, not a second entry here), its latest download first. A
   * row shows the latest download, and whether any download of that document was paid and for how
   * much. The page is picked by walking the member's downloads newest first (`(user_id, id)`) and
   * keeping each that no newer download of the same document follows (`(user_id, document_id)`,
   * with the id on PostgreSQL: migration 030), so a page reads about its own rows: grouping all of a
   * busy member's downloads (51,174 at 1,000,000 documents) took 77 ms a page on SQLite, the walk
   * 0.08 ms for the first page and 14 ms for the hundredth. What was paid is read from the paid
   * downloads alone (migration 032), not from every download of the page's documents.
   */
  async list(me: number, page: number | undefined, size: number): Promise<{ total: number; download: Download[] }> {
    const { db } = this;
    const latest = db
      .selectFrom('downloads')
      .select((eb) => ['document_id', eb.fn.max('id').as('id')])
      .where('user_id', '=', me)
      .groupBy('document_id');
    const base = db.selectFrom(latest.as('d')).innerJoin('documents as doc', 'doc.id', 'd.document_id');
    // kept until downloads or documents change (count-cache.ts)
    const n = await cachedCount(db, ['downloads', 'documents'], `user-download:${me}`, async () => countOf(base));
    const newest = db
      .selectFrom('downloads as d')
      .innerJoin('documents as doc', 'doc.id', 'd.document_id')
      .select('d.id')
      .where('d.user_id', '=', me)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('downloads as later')
              .select('later.id')
              .whereRef('later.user_id', '=', 'd.user_id')
              .whereRef('later.document_id', '=', 'd.document_id')
              .whereRef('later.id', '>', 'd.id'),
          ),
        ),
      )
      .orderBy('d.id', 'desc');
    const picked = (await paginate(newest, page, size).execute()).map((r) => r.id);
    if (!picked.length) return { total: n, download: [] };
    const rows = await db
      .selectFrom('downloads as d')
      .innerJoin('documents as doc', 'doc.id', 'd.document_id')
      .select([
        'd.id',
        'd.document_id',
        'd.created_at',
        'd.updated_at',
        'doc.title',
        'doc.ext',
        'doc.score',
        'doc.score_count',
        'doc.size',
        'doc.pages',
        'doc.uuid as document_uuid',
      ])
      .where('d.id', 'in', picked)
      .orderBy('d.id', 'desc')
      .execute();
    const paid = await this.paidPrices(
      me,
      rows.map((r) => r.document_id),
    );
    const download: Download[] = rows.map((row) => {
      const price = paid.get(row.document_id);
      return { ...row, user_id: me, is_pay: price !== undefined, price: price ?? 0 };
    });
    return { total: n, download };
  }
}
