import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

/** Publishing, editing and deleting documents (owners; holders of the permissions for every document). */
export default async function documentWriteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['文档'];
  for (const p of [DOC_PERMS.update, DOC_PERMS.delete]) ctx.permissions.declare(p);

  r.post(
    '/document',
    {
      schema: {
        response: { 200: createDocumentReply },
        tags,
        summary: '发布文档：每个已上传的文档文件一篇（需要上传权限）',
        body: documentCreate,
      },
      config: { access: 'login' },
    },
    async (req) => {
      const created = await createDocuments(ctx, req.auth.requireLogin(), req.body);
      await ctx.events.publish({ kind: 'document', ids: created.map((d) => d.id), change: 'saved' });
      const reply: CreateDocumentReply = { document: created };
      return reply;
    },
  );

  r.put(
    '/document',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '更新文档（上传者或有「更新文档」权限者；状态只有后者可改）',
        body: documentUpdate,
      },
      config: { access: 'login' },
    },
    async (req) => {
      const holder = await req.auth.can(DOC_PERMS.update.path);
      await updateDocument(ctx, req.auth.requireLogin(), holder, req.body);
      await ctx.events.publish({ kind: 'document', ids: [req.body.id], change: 'saved' });
      return {};
    },
  );

  r.delete(
    '/document',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '删除文档到回收站（上传者只能删除自己的文档）',
        querystring: documentIds,
      },
      config: { access: 'login' },
    },
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
