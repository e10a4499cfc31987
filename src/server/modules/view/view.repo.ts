import type { Database } from '../../db/db.ts';
import { STATUS } from '../document/document.status.ts';

export class ViewRepo {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Pages and covers are shared by every document with the same file: served while one of them is public. */
  async isPublicFile(hash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('documents')
      .select('id')
      .where('hash', '=', hash)
      .where('status', '=', STATUS.converted)
      .where('deleted_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  }
}
