import { sql } from 'kysely';
import type { Database } from '../../db/db.ts';
import { Repo } from '../../db/repo.ts';

/** What the health check asks of the database. */
export class HealthRepo extends Repo {
  /** One round trip to the database; throws when it does not answer. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}

/** @deprecated kept for the route files until they take `ctx.repos.health.ping`. */
export const pingDatabase = (db: Database) => new HealthRepo(db).ping();
