import { STATUS } from '../document/document.status.ts';
import { Repo } from '../../db/repo.ts';

export class ViewRepo extends Repo {
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
