import { cachedCount } from '../../db/count-cache.ts';
import { nowIso } from '../../db/dialect.ts';
import type { AttachmentRow } from '../../db/schema.ts';
import { likeAny, paginate, countOf } from '../../http/list.ts';
import { flag } from '../../http/wire.ts';
import type { AttachmentItem, AttachmentListQuery, AttachmentUpdate } from '../../../contract/attachment.ts';
import { attachmentTypeName } from '../../../domain/status.ts';
import { ATTACHMENT_TYPE } from '../../../contract/upload.ts';
import { toAttachment } from '../upload/upload.repo.ts';
import { Repo } from '../../db/repo.ts';

type Candidate = Pick<AttachmentRow, 'id' | 'hash' | 'path' | 'type'>;

const toItem = (r: AttachmentRow & { username: string | null }): AttachmentItem => {
  const { username, ...row } = r;
  return { ...toAttachment(row), username: username ?? '', type_name: attachmentTypeName(row.type) };
};

/** Attachments as the admin pages see them; soft-deleted rows are invisible here. */
export class AttachmentRepo extends Repo {
  /** Uploads of these types never claimed (type_id 0), enabled, made before `before`, after id `after`; oldest first. */
  unclaimed(types: number[], before: string, after: number, limit: number): Promise<Candidate[]> {
    return this.db
      .selectFrom('attachments')
      .select(['id', 'hash', 'path', 'type'])
      .where('type', 'in', types)
      .where('type_id', '=', 0)
      .where('enable', '=', 1)
      .where('deleted_at', 'is', null)
      .where('created_at', '<', before)
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Whether something shows the upload although its row was never claimed (imported data, or a claim that went astray). */
  async inUse(c: Candidate): Promise<boolean> {
    const { db } = this;
    if (c.type === ATTACHMENT_TYPE.document) {
      return Boolean(await db.selectFrom('documents').select('id').where('attachment_id', '=', c.id).executeTakeFirst());
    }
    if (c.type === ATTACHMENT_TYPE.article) {
      // paths hold only hex digits, slashes and a dot: nothing LIKE would read as a wildcard
      return Boolean(await db.selectFrom('articles').select('id').where('content', 'like', `%${c.path}%`).executeTakeFirst());
    }
    return Boolean(await db.selectFrom('banners').select('id').where('path', '=', c.path).executeTakeFirst());
  }

  /** Deletes these rows if still unclaimed (type_id 0 once more: a document published meanwhile keeps its file). */
  removeUnclaimed(ids: number[]): Promise<Array<{ hash: string; path: string }>> {
    return this.db
      .deleteFrom('attachments')
      .where('id', 'in', ids)
      .where('type_id', '=', 0)
      .returning(['hash', 'path'])
      .execute();
  }

  /** Whether any attachment row (in any state: a disabled one bans the file) or document still has this content. */
  async hashUsed(hash: string): Promise<boolean> {
    const row = await this.db.selectFrom('attachments').select('id').where('hash', '=', hash).executeTakeFirst();
    return Boolean(row ?? (await this.db.selectFrom('documents').select('id').where('hash', '=', hash).executeTakeFirst()));
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
      return countOf(count);
    });
    const query = base.selectAll('a').select('u.username').orderBy('a.id', 'desc');
    const rows = await paginate(query, q.page, q.size).execute();
    return { total, rows: rows.map(toItem) };
  }
}
