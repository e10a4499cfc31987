import type { Database } from './db.ts';

/** A repository: the SQL of one table group (`x.repo.ts`), over the app's database handle. */
export abstract class Repo {
  protected readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }
}
