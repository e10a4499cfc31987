import { sql } from 'kysely';
import { Repo } from '../../db/repo.ts';

/** What the health check asks of the database. */
export class HealthRepo extends Repo {
  /** One round trip to the database; throws when it does not answer. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
