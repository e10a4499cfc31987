import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import {
  createDocumentReply,
  documentCreate,
  documentIds,
  documentUpdate,
  type CreateDocumentReply,
} from '../../../contract/document.ts';
import { createDocuments } from './publish.service.ts';
import { DOC_PERMS } from './document.permissions.ts';
import { softDeleteDocuments, updateDocument } from './document.service.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

/** Publishing, editing and deleting documents (owners; holders of the permissions for every document). */
export default async function documentWriteRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const api = apiRoutes(app, ['文档']);
  for (const p of [DOC_PERMS.update, DOC_PERMS.delete]) ctx.permissions.declare(p);

  api.post(
    '/document',
    {
      summary: '发布文档：每个已上传的文档文件一篇（需要上传权限）',
      access: 'login',
      body: documentCreate,
      reply: createDocumentReply,
    },
    async (req) => {
      const created = await createDocuments(ctx, req.auth.requireLogin(), req.body, req.id);
      await ctx.events.publish({ kind: 'document', ids: created.map((d) => d.id), change: 'saved', reqId: req.id });
      const reply: CreateDocumentReply = { document: created };
      return reply;
    },
  );

  api.put(
    '/document',
    {
      summary: '更新文档（上传者或有「更新文档」权限者；状态只有后者可改）',
      access: 'login',
      body: documentUpdate,
      reply: emptyReply,
    },
    async (req) => {
      const holder = await req.auth.can(DOC_PERMS.update.path);
      await updateDocument(ctx, req.auth.requireLogin(), holder, req.body);
      await ctx.events.publish({ kind: 'document', ids: [req.body.id], change: 'saved' });
      return {};
    },
  );

  api.delete(
    '/document',
    { summary: '删除文档到回收站（上传者只能删除自己的文档）', access: 'login', querystring: documentIds, reply: emptyReply },
    async (req) => {
      const ids = req.query.id ?? [];
      if (!ids.length) throw badRequest('请选择要删除的文档');
      const holder = await req.auth.can(DOC_PERMS.delete.path);
      await softDeleteDocuments(ctx, req.auth.requireLogin(), holder, ids);
      await ctx.events.publish({ kind: 'document', ids, change: 'removed' });
      return {};
    },
  );
}
