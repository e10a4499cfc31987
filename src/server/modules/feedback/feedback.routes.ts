import type { FastifyInstance } from 'fastify';
import { feedbackCreate, feedbackDelete, feedbackList, feedbackListReply, feedbackUpdate } from '../../../contract/feedback.ts';
import { apiPermission } from '../../auth/access.ts';
import { deleteHandler, listHandler } from '../../http/crud.ts';
import { notFound } from '../../http/errors.ts';
import { requireCaptcha } from '../captcha/captcha.service.ts';
import { emptyReply } from '../../../contract/common.ts';
import { toFeedback } from './feedback.repo.ts';
import { apiRoutes, guestWrite } from '../../http/routes.ts';

const rpc = apiPermission('FeedbackAPI');

/**
 * Guest messages (our addition; moredoc only links to an article). The permission group
 * `Feedback` lets the admin menu derive /admin/feedback from ListFeedback.
 */
export const FEEDBACK_PERMS = {
  list: rpc('ListFeedback', '查看意见反馈'),
  update: rpc('UpdateFeedback', '处理意见反馈'),
  delete: rpc('DeleteFeedback', '删除意见反馈'),
};

export default async function feedbackRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.feedback;
  const api = apiRoutes(app, ['意见反馈']);

  api.post(
    '/feedback',
    {
      summary: '提交意见反馈（游客可用；开启评论验证码时游客需要验证码，会员另有开关）',
      ...guestWrite(5),
      body: feedbackCreate,
      reply: emptyReply,
    },
    async (req) => {
      // the comment captcha guards every public message form
      await requireCaptcha(app.ctx, 'comment', req.body, { consume: true, userId: req.auth.userId });
      await repo.create(req.body, req.auth.ip, req.auth.userId);
      return {};
    },
  );

  api.get(
    '/feedback/list',
    { summary: '意见反馈列表', access: FEEDBACK_PERMS.list, querystring: feedbackList, reply: feedbackListReply },
    listHandler(repo, 'feedback', toFeedback),
  );

  api.put(
    '/feedback',
    { summary: '处理意见反馈（状态与回复整体覆盖）', access: FEEDBACK_PERMS.update, body: feedbackUpdate, reply: emptyReply },
    async (req) => {
      if (!(await repo.update(req.body))) throw notFound('反馈不存在');
      return {};
    },
  );

  api.delete(
    '/feedback',
    { summary: '删除意见反馈', access: FEEDBACK_PERMS.delete, querystring: feedbackDelete, reply: emptyReply },
    deleteHandler('请选择要删除的反馈', async (ids) => {
      if (!(await repo.delete(ids))) throw notFound('反馈不存在');
    }),
  );
}
