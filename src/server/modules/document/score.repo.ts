import { sql } from 'kysely';
import { Repo } from '../../db/repo.ts';
import { nowIso } from '../../db/dialect.ts';
import type { DocumentScore } from '../../../contract/score.ts';

/** Ratings of documents and the running average each document keeps. */
export class ScoreRepo extends Repo {
  /** The user's rating of a document. */
  find(documentId: number, userId: number): Promise<DocumentScore | undefined> {
    return this.findBy('document_scores', { document_id: documentId, user_id: userId });
  }

  /** Adds a rating and folds it into the document's average (×100) and count. */
  async add(documentId: number, userId: number, score: number): Promise<void> {
    const now = nowIso();
    await this.db
      .insertInto('document_scores')
      .values({ document_id: documentId, user_id: userId, score, created_at: now, updated_at: now })
      .execute();
    // the running average in SQL, so concurrent ratings never overwrite each other
    await this.db
      .updateTable('documents')
      .set((eb) => ({
        score: sql<number>`(score * score_count + ${score}) / (score_count + 1)`,
        score_count: eb('score_count', '+', 1),
      }))
      .where('id', '=', documentId)
      .execute();
  }
}
