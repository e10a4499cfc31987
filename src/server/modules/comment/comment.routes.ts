import type { FastifyInstance } from 'fastify';
import {
  comment,
  commentCheck,
  commentCreate,
  commentDelete,
  commentGet,
  commentList,
  commentListReply,
  commentUpdate,
} from '../../../contract/comment.ts';
import { apiPermission } from '../../auth/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { toComment } from './comment.repo.ts';
import { COMMENT_NOT_FOUND, CommentService } from './comment.service.ts';
import { emptyReply } from '../../../contract/common.ts';
import { cachedOn } from '../../http/response-cache.ts';
import { apiRoutes } from '../../http/routes.ts';

const rpc = apiPermission('CommentAPI');

/** Comments a page holds: 10 unless asked, at most 100; 0 or less never means "everything" (moredoc's). */
const MAX_PAGE = 100;
const pageSize = (size: number | undefined) => (size && size > 0 ? Math.min(size, MAX_PAGE) : 10);
/** Checked inside handlers (public list, owner-or-holder delete), so declared by hand. */
export const COMMENT_PERMS = {
  list: rpc('ListComment', '获取评论列表'),
  delete: rpc('DeleteComment', '删除评论'),
};
/** Batch review: declared by its route's access. */
export const COMMENT_CHECK = rpc('CheckComment', '批量审核评论');

export default async function commentRoutes(app: FastifyInstance) {
  const svc = new CommentService(app.ctx);
  const repo = app.ctx.repos.comment;
  const api = apiRoutes(app, ['评论']);
  for (const p of Object.values(COMMENT_PERMS)) app.ctx.permissions.declare(p);

  api.post(
    '/comment',
    { summary: '发表评论或回复（纯文本，仅两级）', access: 'login', body: commentCreate, reply: comment },
    async (req) => toComment(await svc.create(req.auth.requireLogin(), req.body, req.auth.ip)),
  );

  api.get(
    '/comment/list',
    {
      summary: '评论列表（文档/文章的评论，或后台评论管理）',
      access: 'public',
      querystring: commentList,
      reply: commentListReply,
      ...cachedOn(['comments', 'users', 'documents', 'articles']),
    },
    async (req) => {
      const q = req.query;
      const me = req.auth.userId;
      const holder = await req.auth.can(COMMENT_PERMS.list.path);
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
      if (!holder && !(me && q.user_id === me)) throw badRequest('请指定要查看评论的文档或文章');
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
  );

  api.get(
    '/comment',
    { summary: '获取单个评论', access: rpc('GetComment', '获取单个评论'), querystring: commentGet, reply: comment },
    async (req) => {
      const row = req.query.id ? await repo.get(req.query.id) : undefined;
      if (!row) throw notFound(COMMENT_NOT_FOUND);
      return toComment(row, true);
    },
  );

  api.put(
    '/comment',
    { summary: '更新评论（内容与审核状态）', access: rpc('UpdateComment', '更新评论'), body: commentUpdate, reply: emptyReply },
    async (req) => {
      await svc.update(req.body);
      return {};
    },
  );

  api.post(
    '/comment/check',
    { summary: '批量审核评论', access: COMMENT_CHECK, body: commentCheck, reply: emptyReply },
    async (req) => {
      if (!(await svc.check([...new Set(req.body.id)], req.body.status, req.body.reason))) throw notFound(COMMENT_NOT_FOUND);
      return {};
    },
  );

  api.delete(
    '/comment',
    {
      summary: '删除评论（本人或有权限者；删除一级评论时连同其回复）',
      access: 'login',
      querystring: commentDelete,
      reply: emptyReply,
    },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要删除的评论');
      const holder = await req.auth.can(COMMENT_PERMS.delete.path);
      await svc.delete(req.auth.requireLogin(), req.query.id, holder);
      return {};
    },
  );
}
