import { sql } from 'kysely';
import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { isUniqueViolation } from '../user/user.service.ts';
import type { DocumentScore } from '../../../contract/document.ts';
import { findDocument } from './document.repo.ts';
import { isPublic } from './document.status.ts';

const ALREADY = '您已经评过分了';

/** One rating per user and public document; the document keeps the running average ×100. One transaction. */
export async function rateDocument(db: Database, me: number, document_id: number, score: number): Promise<void> {
  const doc = await findDocument(db, { id: document_id });
  if (!doc || doc.deleted_at || !isPublic(doc.status)) throw notFound('文档不存在');
  try {
    await db.transaction().execute(async (trx) => {
      const had = await trx
        .selectFrom('document_scores')
        .select('id')
        .where('document_id', '=', doc.id)
        .where('user_id', '=', me)
        .executeTakeFirst();
      if (had) throw conflict(ALREADY);
      const now = nowIso();
      await trx
        .insertInto('document_scores')
        .values({ document_id: doc.id, user_id: me, score, created_at: now, updated_at: now })
        .execute();
      // the running average in SQL, so concurrent ratings never overwrite each other
      await trx
        .updateTable('documents')
        .set((eb) => ({
          score: sql<number>`(score * score_count + ${score}) / (score_count + 1)`,
          score_count: eb('score_count', '+', 1),
        }))
        .where('id', '=', doc.id)
        .execute();
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ALREADY);
    throw err;
  }
}

/** The caller's rating of a document (an empty object before rating). */
export async function findScore(db: Database, me: number, documentId: number): Promise<DocumentScore | Record<string, never>> {
  const row = await db
    .selectFrom('document_scores')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('user_id', '=', me)
    .executeTakeFirst();
  return row ?? {};
}
