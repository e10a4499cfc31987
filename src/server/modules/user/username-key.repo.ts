import { Repo } from '../../db/repo.ts';

/** The `username_key` column of every user, for the bulk assignment of username-keys.ts. */
export class UsernameKeyRepo extends Repo {
  /** Every user's name and key, oldest first. */
  all(): Promise<Array<{ id: number; username: string; username_key: string | null }>> {
    return this.db.selectFrom('users').select(['id', 'username', 'username_key']).orderBy('id').execute();
  }

  async clear(ids: number[]): Promise<void> {
    await this.db.updateTable('users').set({ username_key: null }).where('id', 'in', ids).execute();
  }

  async set(id: number, key: string): Promise<void> {
    await this.db.updateTable('users').set({ username_key: key }).where('id', '=', id).execute();
  }
}
