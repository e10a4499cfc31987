import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { downloadApi } from '../../../contract/download.ts';
import { STATUS } from './document.status.ts';
import { downloadDocument } from './download.service.ts';
import { downloadUrl } from './download.token.ts';
import { serviceRoutes } from '../../http/routes.ts';

const REVIEWABLE = [STATUS.disabled, STATUS.review, STATUS.rejected] as number[];

/** Download links (the file itself is served by download.serve.ts at /download/:token) and the member's download history. */
export default async function downloadRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { repos } = ctx;
  const { calls } = downloadApi;
  const api = serviceRoutes(app, downloadApi);

  api.handle(calls.document, async (req) => downloadDocument(ctx, req.auth.userId, req.auth.ip, req.query.id));

  api.handle(calls.reviewed, async (req) => {
    const doc = await repos.document.find({ id: req.query.id });
    if (!doc || doc.deleted_at || !REVIEWABLE.includes(doc.status)) throw notFound('文档不存在');
    return downloadUrl(ctx, doc, req.auth.userId);
  });

  api.handle(calls.list, async (req) => repos.download.list(req.auth.requireLogin(), req.query.page, req.query.size ?? 10), {
    userCache: ['downloads', 'documents'],
  });
}
