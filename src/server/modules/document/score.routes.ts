import type { FastifyInstance } from 'fastify';
import { scoreApi } from '../../../contract/score.ts';
import { rateDocument } from './score.service.ts';
import { serviceRoutes } from '../../http/routes.ts';

/** Ratings: one per user and document, 100..500 (1–5 stars); the document keeps the average ×100. */
export default async function scoreRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { calls } = scoreApi;
  const api = serviceRoutes(app, scoreApi);

  api.handle(calls.set, async (req) => {
    await rateDocument(ctx, req.auth.requireLogin(), req.body.document_id, req.body.score);
    return {};
  });

  api.handle(calls.get, async (req) => (await ctx.repos.score.find(req.query.document_id, req.auth.requireLogin())) ?? {});
}
