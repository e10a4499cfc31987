import type { FastifyInstance } from 'fastify';
import { documentScore, scoreInput, scoreQuery } from '../../../contract/document.ts';
import { rateDocument } from './score.service.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

/** Ratings: one per user and document, 100..500 (1–5 stars); the document keeps the average ×100. */
export default async function scoreRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const api = apiRoutes(app, ['文档评分']);

  api.post(
    '/document/score',
    { summary: '给文档评分（100～500，即1～5星；每人一次）', access: 'login', body: scoreInput, reply: emptyReply },
    async (req) => {
      await rateDocument(ctx, req.auth.requireLogin(), req.body.document_id, req.body.score);
      return {};
    },
  );

  api.get(
    '/document/score',
    { summary: '我对文档的评分（未评分时为空对象）', access: 'login', querystring: scoreQuery, reply: documentScore.partial() },
    async (req) => (await ctx.repos.score.find(req.query.document_id, req.auth.requireLogin())) ?? {},
  );
}
