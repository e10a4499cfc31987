import type { FastifyInstance } from 'fastify';
import { commentApi } from '../../../contract/comment.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { toComment } from './comment.repo.ts';
import { COMMENT_NOT_FOUND, CommentService } from './comment.service.ts';
import { cachedOn } from '../../http/response-cache.ts';
import { serviceRoutes } from '../../http/routes.ts';
import { listReader } from '../../http/list.ts';

/** Comments a page holds: 10 unless asked, at most 100; 0 or less never means "everything" (moredoc's). */
const MAX_PAGE = 100;
const pageSize = (size: number | undefined) => (size && size > 0 ? Math.min(size, MAX_PAGE) : 10);
export { COMMENT_CHECK } from '../../../contract/comment.ts';

export default async function commentRoutes(app: FastifyInstance) {
  const svc = new CommentService(app.ctx);
  const repo = app.ctx.repos.comment;
  const { calls, checks } = commentApi;
  const api = serviceRoutes(app, commentApi);

  api.handle(calls.create, async (req) => toComment(await svc.create(req.auth.requireLogin(), req.body, req.auth.ip)));

  api.handle(
    calls.list,
    async (req) => {
      const q = req.query;
      const { me, holder, own } = await listReader(req.auth, checks.list.path, q.user_id ? [q.user_id] : undefined);
      if (q.document_id) {
        const statuses = holder && q.status?.length ? q.status : [1];
        const { total, rows } = await repo.tree({
          documentId: q.document_id,
          type: q.type?.[0] ?? 0,
          statuses,
          page: q.page,
          size: pageSize(q.size),
        });
        return { total, comment: await repo.decorate(rows, holder) };
      }
      if (!holder && !own) throw badRequest('请指定要查看评论的文档或文章');
      const { total, rows } = await repo.flat({
        types: q.type,
        parentIds: q.parent_id,
        userId: holder ? q.user_id : me,
        statuses: q.status,
        wd: holder ? q.wd : undefined,
        order: q.order,
        page: q.page,
        size: pageSize(q.size),
      });
      return { total, comment: await repo.decorate(rows, holder) };
    },
    cachedOn(['comments', 'users', 'documents', 'articles']),
  );

  api.handle(calls.get, async (req) => {
    const row = req.query.id ? await repo.get(req.query.id) : undefined;
    if (!row) throw notFound(COMMENT_NOT_FOUND);
    return toComment(row, true);
  });

  api.handle(calls.update, async (req) => {
    await svc.update(req.body);
    return {};
  });

  api.handle(calls.check, async (req) => {
    if (!(await svc.check([...new Set(req.body.id)], req.body.status, req.body.reason))) throw notFound(COMMENT_NOT_FOUND);
    return {};
  });

  api.handle(calls.delete, async (req) => {
    if (!req.query.id?.length) throw badRequest('请选择要删除的评论');
    const holder = await req.auth.can(checks.delete.path);
    await svc.delete(req.auth.requireLogin(), req.query.id, holder);
    return {};
  });
}
