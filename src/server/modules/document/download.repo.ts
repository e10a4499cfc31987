import type { Insertable } from 'kysely';
import type { Database } from '../../db/db.ts';
import type { DownloadsTable } from '../../db/schema.ts';

export class DownloadRepo {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

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
}
