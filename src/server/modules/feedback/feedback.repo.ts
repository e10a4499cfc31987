import type { Feedback, FeedbackCreate, FeedbackListQuery, FeedbackUpdate } from '../../../contract/feedback.ts';
import { nowIso } from '../../db/dialect.ts';
import type { FeedbackRow } from '../../db/schema.ts';
import { countOf, likeAny, paginate } from '../../http/list.ts';
import { Repo } from '../../db/repo.ts';

type ListedRow = FeedbackRow & { username: string | null };

export const toFeedback = (r: ListedRow): Feedback => ({ ...r, username: r.username ?? '' });

export class FeedbackRepo extends Repo {
  /** Stored as given (plain text); the form's captcha fields are not. */
  async create(input: FeedbackCreate, ip: string, userId: number): Promise<FeedbackRow> {
    const now = nowIso();
    return this.db
      .insertInto('feedbacks')
      .values({
        name: input.name,
        contact: input.contact,
        content: input.content,
        status: 0,
        reply: '',
        ip,
        user_id: userId,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(input: FeedbackUpdate): Promise<boolean> {
    const res = await this.db
      .updateTable('feedbacks')
      .set({ status: input.status, reply: input.reply, updated_at: nowIso() })
      .where('id', '=', input.id)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async delete(ids: number[]): Promise<number> {
    const res = await this.db.deleteFrom('feedbacks').where('id', 'in', ids).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async list(q: FeedbackListQuery): Promise<{ total: number; rows: ListedRow[] }> {
    let base = this.db.selectFrom('feedbacks as f');
    if (q.status?.length) base = base.where('f.status', 'in', q.status);
    if (q.wd?.trim()) base = base.where(likeAny(['f.content', 'f.name', 'f.contact', 'f.reply'], q.wd));
    const total = await countOf(base);
    const rows = base.leftJoin('users as u', 'u.id', 'f.user_id').selectAll('f').select('u.username').orderBy('f.id', 'desc');
    return { total, rows: await paginate(rows, q.page, q.size).execute() };
  }
}
