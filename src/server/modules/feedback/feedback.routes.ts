import type { FastifyInstance } from 'fastify';
import { feedbackApi } from '../../../contract/feedback.ts';
import { deleteHandler, listHandler } from '../../http/crud.ts';
import { notFound } from '../../http/errors.ts';
import { requireCaptcha } from '../captcha/captcha.service.ts';
import { toFeedback } from './feedback.repo.ts';
import { perMinute, serviceRoutes } from '../../http/routes.ts';

/** Guest messages: anyone writes (rate-limited, captcha as comments), holders of the permissions handle them. */
export default async function feedbackRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.feedback;
  const { calls } = feedbackApi;
  const api = serviceRoutes(app, feedbackApi);

  api.handle(
    calls.create,
    async (req) => {
      // the comment captcha guards every public message form
      await requireCaptcha(app.ctx, 'comment', req.body, { consume: true, userId: req.auth.userId });
      await repo.create(req.body, req.auth.ip, req.auth.userId);
      return {};
    },
    // a guest write (a disabled account too), 5 a minute from one address
    { whileDisabled: true, rateLimit: perMinute(5) },
  );

  api.handle(calls.list, listHandler(repo, 'feedback', toFeedback));

  api.handle(calls.update, async (req) => {
    if (!(await repo.update(req.body))) throw notFound('反馈不存在');
    return {};
  });

  api.handle(
    calls.delete,
    deleteHandler('请选择要删除的反馈', async (ids) => {
      if (!(await repo.delete(ids))) throw notFound('反馈不存在');
    }),
  );
}
