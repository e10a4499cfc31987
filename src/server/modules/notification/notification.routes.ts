import type { FastifyInstance } from 'fastify';
import { notificationApi, type PendingCounts } from '../../../contract/notification.ts';
import { clamp } from '../../http/list.ts';
import { COMMENT_CHECK } from '../comment/comment.routes.ts';
import { documentApi } from '../../../contract/document.ts';
import { serviceRoutes } from '../../http/routes.ts';

/** Member notices (审核结果) and the review counts of the back office (Wenku's own calls). */
export default async function notificationRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.notification;
  const { calls } = notificationApi;
  const api = serviceRoutes(app, notificationApi);

  api.handle(calls.list, async (req) =>
    repo.list(req.auth.requireLogin(), Math.max(1, req.query.page ?? 1), clamp(req.query.size, 1, 100, 10)),
  );

  api.handle(calls.read, async (req) => {
    await repo.markRead(req.auth.requireLogin(), req.body.id);
    return {};
  });

  api.handle(calls.pending, async (req) => {
    req.auth.requireLogin();
    const [docs, comments] = await Promise.all([req.auth.can(documentApi.checks.check.path), req.auth.can(COMMENT_CHECK.path)]);
    if (!docs && !comments) return {};
    const counts = await repo.pendingCounts();
    const reply: PendingCounts = {};
    if (docs) reply.document = counts.document;
    if (comments) reply.comment = counts.comment;
    return reply;
  });
}
