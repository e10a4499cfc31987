import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { nowIso } from '../../db/dialect.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { isUniqueViolation } from '../user/user.service.ts';
import { scoreInput, scoreQuery, type DocumentScore } from '../../../contract/document.ts';
import { findDocument } from './document.repo.ts';
import { isPublic } from './document.status.ts';

const ALREADY = '您已经评过分了';

/** Ratings: one per user and document, 100..500 (1–5 stars); the document keeps the average ×100. */
export default async function scoreRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['文档评分'];

  r.post(
    '/document/score',
    {
      schema: { tags, summary: '给文档评分（100～500，即1～5星；每人一次）', body: scoreInput },
      config: { access: 'login' },
    },
    async (req) => {
      const me = req.auth.requireLogin();
      const { document_id, score } = req.body;
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
      return {};
    },
  );

  r.get(
    '/document/score',
    {
      schema: { tags, summary: '我对文档的评分（未评分时为空对象）', querystring: scoreQuery },
      config: { access: 'login' },
    },
    async (req) => {
      const row = await db
        .selectFrom('document_scores')
        .selectAll()
        .where('document_id', '=', req.query.document_id)
        .where('user_id', '=', req.auth.requireLogin())
        .executeTakeFirst();
      const reply: DocumentScore | Record<string, never> = row ?? {};
      return reply;
    },
  );
}
