import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import { documentIds, documentList, documentListReply, documentRecover } from '../../../contract/document.ts';
import { DOC_PERMS } from './document.permissions.ts';
import { decorate, toDocument } from './document.view.ts';
import { purgeDocuments, recoverDocuments } from './recycle.service.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

/** The documents' recycle bin (RecycleAPI): list, recover, delete for good, empty. */
export default async function recycleRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const api = apiRoutes(app, ['文档回收站']);

  api.get(
    '/document/recycle',
    {
      summary: '回收站文档列表（按删除时间倒序）',
      access: DOC_PERMS.recycleList,
      querystring: documentList,
      reply: documentListReply,
      userCache: ['documents', 'document_categories', 'users', 'categories'],
    },
    async (req) => {
      const q = req.query;
      const { total, rows, decorations } = await ctx.repos.documentList.list(
        { deleted: true, statuses: q.status, wd: q.wd, userId: q.user_id?.[0] || undefined, categoryIds: q.category_id },
        { page: q.page, size: q.size ?? 10, order: q.order, defaultOrder: ['deleted_at', 'desc'], withTotal: true },
      );
      return { total, document: await decorate(ctx.repos.documentList, rows.map(toDocument), { known: decorations }) };
    },
  );

  api.put(
    '/document/recycle',
    {
      summary: '从回收站恢复文档（恢复分类与用户的文档数，不退还积分）',
      access: DOC_PERMS.recycleRecover,
      body: documentRecover,
      reply: emptyReply,
    },
    async (req) => {
      await recoverDocuments(ctx, req.body.id);
      await ctx.events.publish({ kind: 'document', ids: req.body.id, change: 'saved' });
      return {};
    },
  );

  api.delete(
    '/document/recycle',
    {
      summary: '彻底删除回收站中的文档（无其他文档使用的文件一并删除）',
      access: DOC_PERMS.recycleDelete,
      querystring: documentIds,
      reply: emptyReply,
    },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要删除的文档');
      await purgeDocuments(ctx, req.query.id);
      await ctx.events.publish({ kind: 'document', ids: req.query.id, change: 'removed' });
      return {};
    },
  );

  api.delete('/document/recycle/all', { summary: '清空回收站', access: DOC_PERMS.recycleClear, reply: emptyReply }, async () => {
    await purgeDocuments(ctx, 'all');
    return {};
  });
}
