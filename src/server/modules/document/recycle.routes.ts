import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import { recycleApi } from '../../../contract/recycle.ts';
import { decorate, toDocument } from './document.view.ts';
import { purgeDocuments, recoverDocuments } from './recycle.service.ts';
import { serviceRoutes } from '../../http/routes.ts';

/** The documents' recycle bin (RecycleAPI): list, recover, delete for good, empty. */
export default async function recycleRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { calls } = recycleApi;
  const api = serviceRoutes(app, recycleApi);

  api.handle(
    calls.list,
    async (req) => {
      const q = req.query;
      const { total, rows, decorations } = await ctx.repos.documentList.list(
        { deleted: true, statuses: q.status, wd: q.wd, userId: q.user_id?.[0] || undefined, categoryIds: q.category_id },
        { page: q.page, size: q.size ?? 10, order: q.order, defaultOrder: ['deleted_at', 'desc'], withTotal: true },
      );
      return { total, document: await decorate(ctx.repos.documentList, rows.map(toDocument), { known: decorations }) };
    },
    { userCache: ['documents', 'document_categories', 'users', 'categories'] },
  );

  api.handle(calls.recover, async (req) => {
    await recoverDocuments(ctx, req.body.id);
    await ctx.events.publish({ kind: 'document', ids: req.body.id, change: 'saved' });
    return {};
  });

  api.handle(calls.delete, async (req) => {
    if (!req.query.id?.length) throw badRequest('请选择要删除的文档');
    await purgeDocuments(ctx, req.query.id);
    await ctx.events.publish({ kind: 'document', ids: req.query.id, change: 'removed' });
    return {};
  });

  api.handle(calls.clear, async () => {
    await purgeDocuments(ctx, 'all');
    return {};
  });
}
