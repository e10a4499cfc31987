import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../http/errors.ts';
import { documentIds, documentList, documentListReply, documentRecover } from '../../../contract/document.ts';
import { DOC_PERMS } from './document.permissions.ts';
import { decorate, toDocument } from './document.view.ts';
import { purgeDocuments, recoverDocuments } from './recycle.service.ts';
import { emptyReply } from '../../../contract/common.ts';

/** The documents' recycle bin (RecycleAPI): list, recover, delete for good, empty. */
export default async function recycleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['文档回收站'];

  r.get(
    '/document/recycle',
    {
      schema: {
        response: { 200: documentListReply },
        tags,
        summary: '回收站文档列表（按删除时间倒序）',
        querystring: documentList,
      },
      config: { access: DOC_PERMS.recycleList, userCache: ['documents', 'document_categories', 'users', 'categories'] },
    },
    async (req) => {
      const q = req.query;
      const { total, rows } = await ctx.repos.documentList.list(
        { deleted: true, statuses: q.status, wd: q.wd, userId: q.user_id?.[0] || undefined, categoryIds: q.category_id },
        { page: q.page, size: q.size ?? 10, order: q.order, defaultOrder: ['deleted_at', 'desc'], withTotal: true },
      );
      return { total, document: await decorate(ctx.repos.documentList, rows.map(toDocument)) };
    },
  );

  r.put(
    '/document/recycle',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '从回收站恢复文档（恢复分类与用户的文档数，不退还积分）',
        body: documentRecover,
      },
      config: { access: DOC_PERMS.recycleRecover },
    },
    async (req) => {
      await recoverDocuments(ctx, req.body.id);
      await ctx.events.publish({ kind: 'document', ids: req.body.id, change: 'saved' });
      return {};
    },
  );

  r.delete(
    '/document/recycle',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '彻底删除回收站中的文档（无其他文档使用的文件一并删除）',
        querystring: documentIds,
      },
      config: { access: DOC_PERMS.recycleDelete },
    },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要删除的文档');
      await purgeDocuments(ctx, req.query.id);
      await ctx.events.publish({ kind: 'document', ids: req.query.id, change: 'removed' });
      return {};
    },
  );

  r.delete(
    '/document/recycle/all',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '清空回收站' },
      config: { access: DOC_PERMS.recycleClear },
    },
    async () => {
      await purgeDocuments(ctx, 'all');
      return {};
    },
  );
}
