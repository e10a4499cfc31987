import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentScore, scoreInput, scoreQuery } from '../../../contract/document.ts';
import { rateDocument } from './score.service.ts';
import { emptyReply } from '../../../contract/common.ts';

/** Ratings: one per user and document, 100..500 (1–5 stars); the document keeps the average ×100. */
export default async function scoreRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['文档评分'];

  r.post(
    '/document/score',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '给文档评分（100～500，即1～5星；每人一次）', body: scoreInput },
      config: { access: 'login' },
    },
    async (req) => {
      await rateDocument(ctx, req.auth.requireLogin(), req.body.document_id, req.body.score);
      return {};
    },
  );

  r.get(
    '/document/score',
    {
      schema: {
        response: { 200: documentScore.partial() },
        tags,
        summary: '我对文档的评分（未评分时为空对象）',
        querystring: scoreQuery,
      },
      config: { access: 'login' },
    },
    async (req) => (await ctx.repos.score.find(req.query.document_id, req.auth.requireLogin())) ?? {},
  );
}
