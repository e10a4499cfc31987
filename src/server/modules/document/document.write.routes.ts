import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import { documentApi, type CreateDocumentReply } from '../../../contract/document.ts';
import { createDocuments } from './publish.service.ts';
import { softDeleteDocuments, updateDocument } from './document.service.ts';
import { serviceRoutes } from '../../http/routes.ts';

/** Publishing, editing and deleting documents (owners; holders of the permissions for every document). */
export default async function documentWriteRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { calls, checks } = documentApi;
  const api = serviceRoutes(app, documentApi);

  api.handle(calls.create, async (req) => {
    const created = await createDocuments(ctx, req.auth.requireLogin(), req.body, req.id);
    await ctx.events.publish({ kind: 'document', ids: created.map((d) => d.id), change: 'saved', reqId: req.id });
    const reply: CreateDocumentReply = { document: created };
    return reply;
  });

  api.handle(calls.update, async (req) => {
    const holder = await req.auth.can(checks.update.path);
    await updateDocument(ctx, req.auth.requireLogin(), holder, req.body);
    await ctx.events.publish({ kind: 'document', ids: [req.body.id], change: 'saved' });
    return {};
  });

  api.handle(calls.delete, async (req) => {
    const ids = req.query.id ?? [];
    if (!ids.length) throw badRequest('请选择要删除的文档');
    const holder = await req.auth.can(checks.delete.path);
    await softDeleteDocuments(ctx, req.auth.requireLogin(), holder, ids);
    await ctx.events.publish({ kind: 'document', ids, change: 'removed' });
    return {};
  });
}
