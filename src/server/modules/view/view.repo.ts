import { STATUS } from '../document/document.status.ts';
import { Repo } from '../../db/repo.ts';

export class ViewRepo extends Repo {
  /** Pages and covers are shared by every document with the same file: served while one of them is public. */
  isPublicFile(hash: string): Promise<boolean> {
    return this.hasRow('documents', { hash, status: STATUS.converted, deleted_at: null });
  }
}
