import type { FastifyInstance } from 'fastify';
import { reconvertAllFailed } from '../../convert/queue.ts';
import { badRequest } from '../../http/errors.ts';
import { documentAdminApi } from '../../../contract/document-admin.ts';
import {
  checkDocuments,
  recommendDocuments,
  reconvertDocuments,
  setDocumentsCategory,
  setDocumentsLanguage,
} from './document.service.ts';
import { CHECK_TARGETS } from './document.status.ts';
import { serviceRoutes } from '../../http/routes.ts';

/** Back-office batch actions on documents; each one transaction, each behind its permission. */
export default async function documentAdminRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const { calls } = documentAdminApi;
  const api = serviceRoutes(app, documentAdminApi);
  /** Runs a batch edit; then the edited documents' pages and index entries follow. */
  const edit = async (ids: number[], apply: () => Promise<unknown>) => {
    await apply();
    await ctx.events.publish({ kind: 'document', ids, change: 'saved' });
    return {};
  };

  api.handle(calls.check, async (req) => {
    const { id, status, reason } = req.body;
    if (!CHECK_TARGETS.includes(status))
      throw badRequest('审核状态只能是 0（通过）、7（拒绝）、6（待审核）、4（禁用）或 2（启用）');
    return edit(id, () => checkDocuments(ctx, id, status, reason));
  });

  api.handle(calls.recommend, async (req) => edit(req.body.id, () => recommendDocuments(ctx, req.body.id, req.body.type)));

  api.handle(calls.category, async (req) =>
    edit(req.body.document_id, () => setDocumentsCategory(ctx, req.body.document_id, req.body.category_id)),
  );

  api.handle(calls.language, async (req) =>
    edit(req.body.document_id, () => setDocumentsLanguage(ctx, req.body.document_id, req.body.language)),
  );

  api.handle(calls.reconvert, async (req) => {
    const ids = req.body?.id ?? [];
    if (!ids.length) {
      await reconvertAllFailed(db);
      return {};
    }
    return edit(ids, () => reconvertDocuments(ctx, ids));
  });
}
