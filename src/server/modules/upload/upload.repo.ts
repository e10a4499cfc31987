import { sql, type Insertable } from 'kysely';
import { dialectOf, nowIso } from '../../db/dialect.ts';
import type { AttachmentRow, AttachmentsTable } from '../../db/schema.ts';
import { ATTACHMENT_TYPE, type Attachment } from '../../../contract/upload.ts';
import { Repo } from '../../db/repo.ts';

/** classid of the per-user upload lock ("UP") */
const UPLOAD_LOCK = 0x5550;

export type NewAttachment = Omit<Insertable<AttachmentsTable>, 'created_at' | 'updated_at' | 'deleted_at'>;

export const toAttachment = (r: AttachmentRow): Attachment => {
  const { deleted_at: _deleted, ...rest } = r;
  return { ...rest, enable: Boolean(r.enable) };
};

export class UploadRepo extends Repo {
  /** Whether an admin marked a file with this md5 as illegal. */
  isBanned(hash: string): Promise<boolean> {
    return this.hasRow('attachments', { hash, enable: 0 });
  }

  /**
   * On PostgreSQL a user's inserts take a per-user lock, so that they commit in id order: the quota
   * recheck counts the rows up to its own id and must not miss a lower id still being written.
   */
  async insert(values: NewAttachment): Promise<AttachmentRow> {
    const now = nowIso();
    return this.db.transaction().execute(async (trx) => {
      if (dialectOf(trx) === 'postgres')
        await sql`select pg_advisory_xact_lock(${UPLOAD_LOCK}, ${values.user_id}::int)`.execute(trx);
      return trx
        .insertInto('attachments')
        .values({ ...values, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** Takes back a row whose file could not be stored. */
  /** Files the user uploaded since `recentSince`, and bytes since `todaySince`; with `upTo` only rows up to that id. */
  async usage(
    userId: number,
    recentSince: string,
    todaySince: string,
    upTo?: number,
  ): Promise<{ recent: number; today: number }> {
    let q = this.db.selectFrom('attachments').where('user_id', '=', userId);
    if (upTo) q = q.where('id', '<=', upTo);
    const recent = await q
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', recentSince)
      .executeTakeFirstOrThrow();
    const today = await q
      .select((eb) => eb.fn.sum<number>('size').as('bytes'))
      .where('created_at', '>=', todaySince)
      .executeTakeFirstOrThrow();
    return { recent: recent.n, today: Number(today.bytes ?? 0) };
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('attachments').where('id', '=', id).execute();
  }

  /**
   * The user's newest live avatar upload becomes his avatar and older ones are soft-deleted, in one
   * transaction: of two avatars uploaded at once the later one wins, whatever order this runs in.
   */
  useNewestAvatar(userId: number): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      const newest = await trx
        .selectFrom('attachments')
        .select(['id', 'path'])
        .where('user_id', '=', userId)
        .where('type', '=', ATTACHMENT_TYPE.avatar)
        .where('deleted_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!newest) return;
      const now = nowIso();
      await trx
        .updateTable('attachments')
        .set({ deleted_at: now, updated_at: now })
        .where('user_id', '=', userId)
        .where('type', '=', ATTACHMENT_TYPE.avatar)
        .where('deleted_at', 'is', null)
        .where('id', '<', newest.id)
        .execute();
      await trx.updateTable('users').set({ avatar: newest.path, updated_at: now }).where('id', '=', userId).execute();
    });
  }
}
