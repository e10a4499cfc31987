import type { FastifyInstance } from 'fastify';
import type { ItemChange } from '../../events/bus.ts';
import { badRequest } from '../../http/errors.ts';
import { REVIEW_STATUS as ARTICLE_STATUS } from '../../../domain/status.ts';
import { articleApi } from '../../../contract/article.ts';
import { batchIds, reviewArticles } from './article.service.ts';
import { present } from './article.view.ts';
import { serviceRoutes } from '../../http/routes.ts';

/** Batch review, recommendation, categorisation and the recycle bin: holders of the permissions only. */
export default async function articleAdminRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const repo = app.ctx.repos.article;
  const { calls } = articleApi;
  const api = serviceRoutes(app, articleApi);
  const changed = (ids: number[], change: ItemChange) => app.ctx.events.publish({ kind: 'article', ids, change });

  api.handle(calls.setCategory, async (req) => {
    const ids = batchIds(req.body);
    if (!req.body.category_id.length) throw badRequest('请选择文章分类');
    const categories = await app.ctx.repos.articleCategory.path(req.body.category_id);
    await changed(await repo.setCategories(ids, categories), 'saved');
    return {};
  });

  api.handle(calls.recommend, async (req) => {
    await changed(await repo.setRecommend(batchIds(req.body), req.body.is_recommend), 'saved');
    return {};
  });

  api.handle(calls.check, async (req) => {
    const ids = batchIds(req.body);
    const { status } = req.body;
    const reason = req.body.reject_reason || req.body.rejeact_reason;
    if (status === ARTICLE_STATUS.rejected && !reason) throw badRequest('请填写拒绝原因');
    const why = status === ARTICLE_STATUS.rejected ? reason : '';
    await changed(await reviewArticles(db, ids, status, why, req.auth.userId), 'saved');
    return {};
  });

  api.handle(calls.recycleList, async (req) => {
    const q = req.query;
    const { total, rows } = await app.ctx.repos.articleList.list(
      { page: q.page, size: q.size, wd: q.wd, order: q.order, deleted: true },
      'deleted_at',
    );
    return { total, article: await present(db, rows) };
  });

  api.handle(calls.restore, async (req) => {
    if (!req.body.id.length) throw badRequest('请选择要恢复的文章');
    await changed(await repo.restore(req.body.id), 'saved');
    return {};
  });

  api.handle(calls.purge, async (req) => {
    if (!req.query.id?.length) throw badRequest('请选择要删除的文章');
    await changed(await repo.purge(req.query.id), 'removed');
    return {};
  });

  api.handle(calls.empty, async () => {
    await changed(await repo.purge(), 'removed');
    return {};
  });
}
