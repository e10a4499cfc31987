import { nowIso } from '../../db/dialect.ts';
import { countOf, likeAny, paginate } from '../../http/list.ts';
import { flag } from '../../http/wire.ts';
import type { Report, ReportInput, ReportListQuery, ReportUpdate } from '../../../contract/report.ts';
import { Repo } from '../../db/repo.ts';

export class ReportRepo extends Repo {
  /** A document that can still be reported: present and not in the recycle bin. */
  documentExists(id: number): Promise<boolean> {
    return this.hasRow('documents', { id, deleted_at: null });
  }

  /** Inserts the report unless the user already has an unhandled one for the document; false then. */
  create(userId: number, input: ReportInput): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom('reports')
        .select('id')
        .where('user_id', '=', userId)
        .where('document_id', '=', input.document_id)
        .where('status', '=', 0)
        .executeTakeFirst();
      if (open) return false;
      const now = nowIso();
      await trx
        .insertInto('reports')
        .values({ ...input, user_id: userId, status: 0, created_at: now, updated_at: now })
        .execute();
      return true;
    });
  }

  exists(id: number): Promise<boolean> {
    return this.hasRow('reports', { id });
  }

  async update({ id, status, remark }: ReportUpdate): Promise<void> {
    await this.db
      .updateTable('reports')
      .set({ status: flag(status), remark, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  async delete(ids: number[]): Promise<void> {
    await this.db.deleteFrom('reports').where('id', 'in', ids).execute();
  }

  /** Newest first, with the document's title and uuid and the reporter's name; `wd` searches titles and remarks. */
  async list(q: ReportListQuery): Promise<{ total: number; rows: Report[] }> {
    let base = this.db
      .selectFrom('reports as r')
      .leftJoin('documents as d', 'd.id', 'r.document_id')
      .leftJoin('users as u', 'u.id', 'r.user_id');
    if (q.status?.length) base = base.where('r.status', 'in', [...new Set(q.status.map(flag))]);
    if (q.wd?.trim()) base = base.where(likeAny(['d.title', 'r.remark'], q.wd));
    const total = await countOf(base);
    const query = base
      .selectAll('r')
      .select(['d.title as document_title', 'd.uuid as document_uuid', 'u.username'])
      .orderBy('r.id', 'desc');
    const rows = await paginate(query, q.page, q.size).execute();
    return {
      total,
      rows: rows.map((r) => ({
        ...r,
        status: Boolean(r.status),
        document_title: r.document_title ?? '',
        document_uuid: r.document_uuid ?? '',
        username: r.username ?? '',
      })),
    };
  }
}
