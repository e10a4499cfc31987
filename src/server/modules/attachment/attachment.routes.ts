import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../http/admin-table.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { attachmentApi } from '../../../contract/attachment.ts';
import { serviceRoutes } from '../../http/routes.ts';

export default async function attachmentRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.attachment;
  const { calls } = attachmentApi;
  const api = serviceRoutes(app, attachmentApi);

  const table = tableRoutes(api, { name: '附件' });
  table.list(repo, calls.list, 'attachment', undefined, { userCache: ['attachments', 'users'] });
  table.get(repo, calls.get);

  api.handle(calls.update, async (req) => {
    const current = await repo.get(req.body.id);
    if (!current) throw notFound('附件不存在');
    await repo.update(req.body, current.hash);
    return {};
  });

  // as moredoc: attachments follow what they belong to (documents, articles, avatars…) and are never deleted by hand
  api.handle(calls.delete, async () => {
    throw forbidden('附件不允许直接删除。附件由系统直接管理，会随着相应数据的删除而自动删除。');
  });
}
