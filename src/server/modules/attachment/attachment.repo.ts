import { cachedCount } from '../../db/count-cache.ts';
import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import type { AttachmentRow } from '../../db/schema.ts';
import { likeAny, paginate } from '../../http/list.ts';
import { flag } from '../../http/wire.ts';
import type { AttachmentItem, AttachmentListQuery, AttachmentUpdate } from '../../../contract/attachment.ts';
import { attachmentTypeName } from '../../../domain/status.ts';
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
    return this.db.selectFrom('attachments as a').leftJoin('users as u', 'u.id', 'a.user_id').where('a.deleted_at', 'is', null);
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
      const own = {
        name: input.name,
        updated_at: now,
        ...(input.description === undefined ? {} : { description: input.description }),
      };
      await trx.updateTable('attachments').set(own).where('id', '=', input.id).execute();
      if (input.enable !== undefined) {
        const set = trx.updateTable('attachments').set({ enable: flag(input.enable), updated_at: now });
        // a row without a hash (never the case for uploads) only speaks for itself
        await (hash ? set.where('hash', '=', hash) : set.where('id', '=', input.id)).execute();
      }
    });
  }

  async list(q: AttachmentListQuery): Promise<{ total: number; rows: AttachmentItem[] }> {
    const types = q.type?.length ? [...new Set(q.type)] : undefined;
    const enable = q.enable?.length ? [...new Set(q.enable.map(flag))] : undefined;
    const users = q.user_id?.length ? [...new Set(q.user_id)] : undefined;
    const wd = q.wd?.trim() ? q.wd : undefined;
    let base = this.rows();
    if (types) base = base.where('a.type', 'in', types);
    if (enable) base = base.where('a.enable', 'in', enable);
    if (users) base = base.where('a.user_id', 'in', users);
    if (wd) base = base.where(likeAny(['a.name', 'a.hash', 'a.path', 'a.description'], wd));
    // the uploader's name is only shown: counted without the join, and kept until attachments change
    const total = await cachedCount(this.db, ['attachments'], JSON.stringify([types, enable, users, wd]), async () => {
      let count = this.db.selectFrom('attachments as a').where('a.deleted_at', 'is', null);
      if (types) count = count.where('a.type', 'in', types);
      if (enable) count = count.where('a.enable', 'in', enable);
      if (users) count = count.where('a.user_id', 'in', users);
      if (wd) count = count.where(likeAny(['a.name', 'a.hash', 'a.path', 'a.description'], wd));
      return Number((await count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    });
    const query = base.selectAll('a').select('u.username').orderBy('a.id', 'desc');
    const rows = await paginate(query, q.page, q.size).execute();
    return { total: Number(total), rows: rows.map(toItem) };
  }
}
