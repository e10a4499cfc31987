import { dialectOf } from '../../db/dialect.ts';
import { Repo } from '../../db/repo.ts';
import { COMMENT_TYPE, DOCUMENT_STATUS, REVIEW_STATUS } from '../../../domain/status.ts';

export const TYPE_DOCUMENT = COMMENT_TYPE.document;
export const TYPE_ARTICLE = COMMENT_TYPE.article;

/** What a comment is about: a converted document or a published article. */
export interface CommentTarget {
  id: number;
  /** the uploader or author */
  user_id: number;
  title: string;
  /** document uuid or article identifier */
  uuid: string;
}

export const targetKey = (type: number, id: number) => `${type}:${id}`;

/** The documents and articles comments are about, and the counters commenting moves. */
export class CommentTargetRepo extends Repo {
  /**
   * The document (converted, not deleted) or article (published, not deleted) open to comments.
   * The articles table comes from its own migration, so its presence is checked at run time.
   */
  async find(type: number, id: number): Promise<CommentTarget | undefined> {
    if (type === TYPE_DOCUMENT) {
      return this.db
        .selectFrom('documents')
        .select(['id', 'user_id', 'title', 'uuid'])
        .where('id', '=', id)
        .where('status', '=', DOCUMENT_STATUS.converted)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    }
    if (type !== TYPE_ARTICLE) return undefined;
    const row = await this.db
      .selectFrom('articles')
      .select(['id', 'user_id', 'title', 'identifier'])
      .where('id', '=', id)
      .where('status', '=', REVIEW_STATUS.published)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && { id: row.id, user_id: row.user_id, title: row.title, uuid: row.identifier };
  }

  /** Titles and URL keys of the documents and articles the given comments belong to, by targetKey. */
  async titles(rows: Array<{ type: number; document_id: number }>): Promise<Map<string, { title: string; uuid: string }>> {
    const out = new Map<string, { title: string; uuid: string }>();
    const docIds = [...new Set(rows.filter((r) => r.type === TYPE_DOCUMENT).map((r) => r.document_id))];
    const articleIds = [...new Set(rows.filter((r) => r.type === TYPE_ARTICLE).map((r) => r.document_id))];
    if (docIds.length) {
      const docs = await this.db.selectFrom('documents').select(['id', 'title', 'uuid']).where('id', 'in', docIds).execute();
      for (const d of docs) out.set(targetKey(TYPE_DOCUMENT, d.id), { title: d.title, uuid: d.uuid });
    }
    if (articleIds.length) {
      const list = await this.db
        .selectFrom('articles')
        .select(['id', 'title', 'identifier'])
        .where('id', 'in', articleIds)
        .execute();
      for (const a of list) out.set(targetKey(TYPE_ARTICLE, a.id), { title: a.title, uuid: a.identifier });
    }
    return out;
  }

  /** Adds delta to the comment counter of a document or article (never below zero). */
  async bump(type: number, id: number, delta: number): Promise<void> {
    if (type === TYPE_DOCUMENT) await this.bumpRow('documents', id, delta);
    else if (type === TYPE_ARTICLE) await this.bumpRow('articles', id, delta);
  }

  /** Adds delta to a row's comment counter (never below zero). */
  async bumpRow(table: 'documents' | 'articles' | 'comments' | 'users', id: number, delta: number): Promise<void> {
    let q = this.db
      .updateTable(table)
      .set((eb) => ({ comment_count: eb('comment_count', '+', delta) }))
      .where('id', '=', id);
    if (delta < 0) q = q.where('comment_count', '>', 0);
    await q.execute();
  }

  /** PostgreSQL: locks the user's row until the transaction ends (SQLite transactions are serial anyway). */
  async lockUser(userId: number): Promise<void> {
    if (dialectOf(this.db) !== 'postgres') return;
    await this.db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }
}
