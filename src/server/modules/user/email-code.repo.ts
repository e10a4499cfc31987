import type { Insertable } from 'kysely';
import type { EmailCodesTable } from '../../db/schema.ts';
import { Repo } from '../../db/repo.ts';

export class EmailCodeRepo extends Repo {
  /** When a code was last sent to the address. */
  lastSentAt(email: string): Promise<string | undefined> {
    return this.lastCreatedAt('email_codes', { email });
  }

  async add(row: Insertable<EmailCodesTable>): Promise<void> {
    await this.db.insertInto('email_codes').values(row).execute();
  }

  /** The latest code of this type sent to the address. */
  latest(email: string, codeType: number) {
    return this.db
      .selectFrom('email_codes')
      .select(['id', 'code', 'is_used', 'success', 'created_at'])
      .where('email', '=', email)
      .where('code_type', '=', codeType)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Marks the code used; false when it already was (checked in SQL: two registrations cannot both spend it). */
  async markUsed(id: number): Promise<boolean> {
    const row = await this.db
      .updateTable('email_codes')
      .set({ is_used: 1 })
      .where('id', '=', id)
      .where('is_used', '=', 0)
      .returning('id')
      .executeTakeFirst();
    return Boolean(row);
  }
}
