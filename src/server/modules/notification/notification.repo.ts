import type { Notification } from '../../../contract/notification.ts';
import { DOCUMENT_STATUS, REVIEW_STATUS } from '../../../domain/status.ts';
import { nowIso } from '../../db/dialect.ts';
import { Repo } from '../../db/repo.ts';
import { countOf, paginate } from '../../http/list.ts';

export interface NewNotification {
  userId: number;
  /** document, article: a review outcome; convert: a failed conversion; comment: a comment's review */
  kind: 'document' | 'article' | 'convert' | 'comment';
  targetId: number;
  title: string;
  content?: string;
}

/** Members' notices of reviews, and what waits for review. */
export class NotificationRepo extends Repo {
  /** Writes notices in the caller's transaction (the review that caused them commits with them). */
  async notify(items: readonly NewNotification[]): Promise<void> {
    if (!items.length) return;
    const now = nowIso();
    await this.db
      .insertInto('notifications')
      .values(
        items.map((n) => ({
          user_id: n.userId,
          kind: n.kind,
          target_id: n.targetId,
          title: n.title,
          content: n.content ?? '',
          read_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }

  /** Whether the member has this very notice unread already. */
  async hasUnread(n: NewNotification): Promise<boolean> {
    const row = await this.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', n.userId)
      .where('kind', '=', n.kind)
      .where('target_id', '=', n.targetId)
      .where('content', '=', n.content ?? '')
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** A member's notices, newest first, with how many are unread. */
  async list(
    userId: number,
    page: number,
    size: number,
  ): Promise<{ total: number; unread: number; notification: Notification[] }> {
    const mine = this.db.selectFrom('notifications').where('user_id', '=', userId);
    const [counts, rows] = await Promise.all([
      mine
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>(eb.case().when('read_at', 'is', null).then(1).end()).as('unread'),
        ])
        .executeTakeFirstOrThrow(),
      paginate(mine.selectAll().orderBy('id', 'desc'), page, size).execute(),
    ]);
    return { total: counts.total, unread: counts.unread, notification: rows };
  }

  /** Marks the member's notices read: the listed ones, or all of them. */
  async markRead(userId: number, ids: readonly number[]): Promise<void> {
    let q = this.db
      .updateTable('notifications')
      .set({ read_at: nowIso() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if (ids.length) q = q.where('id', 'in', ids);
    await q.execute();
  }

  /** Documents waiting for review (not in the recycle bin) and comments waiting for approval. */
  async pendingCounts(): Promise<{ document: number; comment: number }> {
    const [document, comment] = await Promise.all([
      countOf(this.db.selectFrom('documents').where('status', '=', DOCUMENT_STATUS.review).where('deleted_at', 'is', null)),
      countOf(this.db.selectFrom('comments').where('status', '=', REVIEW_STATUS.pending)),
    ]);
    return { document, comment };
  }
}
