import type { FastifyInstance } from 'fastify';
import {
  notificationList,
  notificationListReply,
  notificationRead,
  pendingCountsReply,
  type PendingCounts,
} from '../../../contract/notification.ts';
import { clamp } from '../../http/list.ts';
import { COMMENT_CHECK } from '../comment/comment.routes.ts';
import { documentApi } from '../../../contract/document.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

/** Member notices (审核结果) and the review counts of the back office (Wenku's own calls). */
export default async function notificationRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.notification;
  const api = apiRoutes(app, ['消息通知']);

  api.get(
    '/notification/list',
    {
      summary: '我的消息通知（审核结果，新的在前；含未读数 unread）',
      access: 'login',
      querystring: notificationList,
      reply: notificationListReply,
    },
    async (req) => repo.list(req.auth.requireLogin(), Math.max(1, req.query.page ?? 1), clamp(req.query.size, 1, 100, 10)),
  );

  api.put(
    '/notification/read',
    { summary: '标记消息为已读（不指定 id 时全部已读）', access: 'login', body: notificationRead, reply: emptyReply },
    async (req) => {
      await repo.markRead(req.auth.requireLogin(), req.body.id);
      return {};
    },
  );

  api.get(
    '/review/pending',
    { summary: '待审核的文档数与评论数（只含调用者有审核权限的）', access: 'login', reply: pendingCountsReply },
    async (req) => {
      req.auth.requireLogin();
      const [docs, comments] = await Promise.all([req.auth.can(documentApi.checks.check.path), req.auth.can(COMMENT_CHECK.path)]);
      if (!docs && !comments) return {};
      const counts = await repo.pendingCounts();
      const reply: PendingCounts = {};
      if (docs) reply.document = counts.document;
      if (comments) reply.comment = counts.comment;
      return reply;
    },
  );
}
