import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../http/admin-table.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { reportApi } from '../../../contract/report.ts';
import { serviceRoutes } from '../../http/routes.ts';

export default async function reportRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.report;
  const { calls } = reportApi;
  const api = serviceRoutes(app, reportApi);

  api.handle(calls.create, async (req) => {
    if (!(await repo.documentExists(req.body.document_id))) throw notFound('文档不存在');
    if (!(await repo.create(req.auth.userId, req.body))) throw conflict('您已经举报过该文档了');
    return {};
  });

  api.handle(calls.update, async (req) => {
    if (!(await repo.exists(req.body.id))) throw notFound('举报不存在');
    await repo.update(req.body);
    return {};
  });

  const table = tableRoutes(api, { name: '举报' });
  table.delete(repo, calls.delete);
  table.list(repo, calls.list, 'report');
}
