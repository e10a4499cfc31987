import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feedbackCreate, feedbackDelete, feedbackList, feedbackListReply, feedbackUpdate } from '../../../contract/feedback.ts';
import { perm } from '../../auth/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireCaptcha } from '../captcha/captcha.service.ts';
import { emptyReply } from '../../../contract/common.ts';
import { toFeedback } from './feedback.repo.ts';

/**
 * Guest messages (our addition; moredoc only links to an article). The permission group
 * `Feedback` lets the admin menu derive /admin/feedback from ListFeedback.
 */
export const FEEDBACK_PERMS = {
  list: perm('/api.v1.FeedbackAPI/ListFeedback', '查看意见反馈'),
  update: perm('/api.v1.FeedbackAPI/UpdateFeedback', '处理意见反馈'),
  delete: perm('/api.v1.FeedbackAPI/DeleteFeedback', '删除意见反馈'),
};

export default async function feedbackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = app.ctx.repos.feedback;
  const tags = ['意见反馈'];

  r.post(
    '/feedback',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '提交意见反馈（游客可用；开启评论验证码时需要验证码）',
        body: feedbackCreate,
      },
      config: { access: 'public', whileDisabled: true, rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (req) => {
      // the comment captcha guards every public message form
      await requireCaptcha(app.ctx, 'comment', req.body, { consume: true });
      await repo.create(req.body, req.auth.ip, req.auth.userId);
      return {};
    },
  );

  r.get(
    '/feedback/list',
    {
      schema: { response: { 200: feedbackListReply }, tags, summary: '意见反馈列表', querystring: feedbackList },
      config: { access: FEEDBACK_PERMS.list },
    },
    async (req) => {
      const { total, rows } = await repo.list(req.query);
      return { total, feedback: rows.map(toFeedback) };
    },
  );

  r.put(
    '/feedback',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '处理意见反馈（状态与回复整体覆盖）', body: feedbackUpdate },
      config: { access: FEEDBACK_PERMS.update },
    },
    async (req) => {
      if (!(await repo.update(req.body))) throw notFound('反馈不存在');
      return {};
    },
  );

  r.delete(
    '/feedback',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '删除意见反馈', querystring: feedbackDelete },
      config: { access: FEEDBACK_PERMS.delete },
    },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要删除的反馈');
      if (!(await repo.delete(req.query.id))) throw notFound('反馈不存在');
      return {};
    },
  );
}
