import type { Insertable } from 'kysely';
import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import type { AttachmentRow, AttachmentsTable } from '../../db/schema.ts';
import { ATTACHMENT_TYPE, type Attachment } from '../../../contract/upload.ts';

export type NewAttachment = Omit<Insertable<AttachmentsTable>, 'created_at' | 'updated_at' | 'deleted_at'>;

export const toAttachment = (r: AttachmentRow): Attachment => {
  const { deleted_at: _deleted, ...rest } = r;
  return { ...rest, enable: Boolean(r.enable) };
};

export class UploadRepo {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Whether an admin marked a file with this md5 as illegal. */
  async isBanned(hash: string): Promise<boolean> {
    const row = await this.db.selectFrom('attachments').select('id').where('hash', '=', hash).where('enable', '=', 0).executeTakeFirst();
    return Boolean(row);
  }

  async insert(values: NewAttachment): Promise<AttachmentRow> {
    const now = nowIso();
    return this.db.insertInto('attachments').values({ ...values, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
  }

  /** New avatar: older avatar attachments of the user are soft-deleted and the user points at the new file, in one transaction. */
  insertAvatar(values: NewAttachment & { user_id: number }): Promise<AttachmentRow> {
    return this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      await trx
        .updateTable('attachments')
        .set({ deleted_at: now, updated_at: now })
        .where('user_id', '=', values.user_id)
        .where('type', '=', ATTACHMENT_TYPE.avatar)
        .where('deleted_at', 'is', null)
        .execute();
      const row = await trx.insertInto('attachments').values({ ...values, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
      await trx.updateTable('users').set({ avatar: values.path, updated_at: now }).where('id', '=', values.user_id).execute();
      return row;
    });
  }
}
