import { Repo } from '../../db/repo.ts';

export class CaptchaRepo extends Repo {
  /** Adds a captcha, sweeping the expired ones first (this is the one place that adds rows). */
  async add(row: { id: string; answer: string; expires_at: string }, now: string): Promise<void> {
    await this.db.deleteFrom('captchas').where('expires_at', '<', now).execute();
    await this.db.insertInto('captchas').values(row).execute();
  }

  /** DELETE … RETURNING takes the row atomically: two requests cannot both use one captcha. */
  take(id: string): Promise<{ answer: string; expires_at: string } | undefined> {
    return this.db.deleteFrom('captchas').where('id', '=', id).returning(['answer', 'expires_at']).executeTakeFirst();
  }

  get(id: string): Promise<{ answer: string; expires_at: string } | undefined> {
    return this.db.selectFrom('captchas').select(['answer', 'expires_at']).where('id', '=', id).executeTakeFirst();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('captchas').where('id', '=', id).execute();
  }
}
