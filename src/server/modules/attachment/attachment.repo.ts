import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import type { AttachmentRow } from '../../db/schema.ts';
import { likeAny, paginate } from '../../http/list.ts';
import { flag } from '../../http/wire.ts';
import { attachmentTypeName, type AttachmentItem, type AttachmentListQuery, type AttachmentUpdate } from '../../../contract/attachment.ts';
import { toAttachment } from '../upload/upload.repo.ts';

const toItem = (r: AttachmentRow & { username: string | null }): AttachmentItem => {
  const { username, ...row } = r;
  return { ...toAttachment(row), username: username ?? '', type_name: attachmentTypeName(row.type) };
};

/** Attachments as the admin pages see them; soft-deleted rows are invisible here. */
export class AttachmentRepo {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  private rows() {
    return this.db
      .selectFrom('attachments as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .where('a.deleted_at', 'is', null);
  }

  async get(id: number): Promise<AttachmentItem | undefined> {
    const row = await this.rows().selectAll('a').select('u.username').where('a.id', '=', id).executeTakeFirst();
    return row && toItem(row);
  }

  /**
   * Renames or describes one attachment. `enable` belongs to the file, not the row: it is set on
   * every attachment with the same md5, so disabling bans the file from future uploads and
   * enabling lifts the ban again (the upload check looks at all rows, deleted ones included).
   */
  async update(input: AttachmentUpdate, hash: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const own = { name: input.name, updated_at: now, ...(input.description === undefined ? {} : { description: input.description }) };
      await trx.updateTable('attachments').set(own).where('id', '=', input.id).execute();
      if (input.enable !== undefined) {
        const set = trx.updateTable('attachments').set({ enable: flag(input.enable), updated_at: now });
        // a row without a hash (never the case for uploads) only speaks for itself
        await (hash ? set.where('hash', '=', hash) : set.where('id', '=', input.id)).execute();
      }
    });
  }

  async list(q: AttachmentListQuery): Promise<{ total: number; rows: AttachmentItem[] }> {
    let base = this.rows();
    if (q.type?.length) base = base.where('a.type', 'in', [...new Set(q.type)]);
    if (q.enable?.length) base = base.where('a.enable', 'in', [...new Set(q.enable.map(flag))]);
    if (q.user_id?.length) base = base.where('a.user_id', 'in', [...new Set(q.user_id)]);
    if (q.wd?.trim()) base = base.where(likeAny(['a.name', 'a.hash', 'a.path', 'a.description'], q.wd));
    const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const query = base.selectAll('a').select('u.username').orderBy('a.id', 'desc');
    const rows = await paginate(query, q.page, q.size).execute();
    return { total: Number(total), rows: rows.map(toItem) };
  }
}
