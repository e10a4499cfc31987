import type { FastifyInstance } from 'fastify';
import type { ItemChange } from '../../events/bus.ts';
import { badRequest } from '../../http/errors.ts';
import { REVIEW_STATUS as ARTICLE_STATUS } from '../../../domain/status.ts';
import {
  articleCheck,
  articleDelete,
  articleIdsBody,
  articleListReply,
  articleRecommend,
  articleRecycleList,
  articleSetCategory,
} from '../../../contract/article.ts';
import { ARTICLE_PERMISSIONS as P } from './article.permissions.ts';
import { batchIds } from './article.service.ts';
import { present } from './article.view.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

/** Batch review, recommendation, categorisation and the recycle bin: holders of the permissions only. */
export default async function articleAdminRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const repo = app.ctx.repos.article;
  const api = apiRoutes(app, ['文章']);
  const changed = (ids: number[], change: ItemChange) => app.ctx.events.publish({ kind: 'article', ids, change });

  api.put(
    '/article/category',
    { summary: '文章批量分类（替换所选文章的分类）', access: P.setCategory, body: articleSetCategory, reply: emptyReply },
    async (req) => {
      const ids = batchIds(req.body);
      if (!req.body.category_id.length) throw badRequest('请选择文章分类');
      const categories = await app.ctx.repos.articleCategory.path(req.body.category_id);
      await changed(await repo.setCategories(ids, categories), 'saved');
      return {};
    },
  );

  api.put(
    '/article/recommend',
    { summary: '推荐文章或取消推荐', access: P.recommend, body: articleRecommend, reply: emptyReply },
    async (req) => {
      await changed(await repo.setRecommend(batchIds(req.body), req.body.is_recommend), 'saved');
      return {};
    },
  );

  api.put(
    '/article/check',
    {
      summary: '批量审批文章（0 待审核、1 通过、2 拒绝；拒绝须填写原因）',
      access: P.check,
      body: articleCheck,
      reply: emptyReply,
    },
    async (req) => {
      const ids = batchIds(req.body);
      const { status } = req.body;
      const reason = req.body.reject_reason || req.body.rejeact_reason;
      if (status === ARTICLE_STATUS.rejected && !reason) throw badRequest('请填写拒绝原因');
      await changed(await repo.setStatus(ids, status, status === ARTICLE_STATUS.rejected ? reason : ''), 'saved');
      return {};
    },
  );

  api.get(
    '/article/recycle/list',
    {
      summary: '回收站文章列表（按删除时间倒序）',
      access: P.recycleList,
      querystring: articleRecycleList,
      reply: articleListReply,
    },
    async (req) => {
      const q = req.query;
      const { total, rows } = await app.ctx.repos.articleList.list(
        { page: q.page, size: q.size, wd: q.wd, order: q.order, deleted: true },
        'deleted_at',
      );
      return { total, article: await present(db, rows) };
    },
  );

  api.post(
    '/article/recycle/restore',
    { summary: '从回收站恢复文章', access: P.restore, body: articleIdsBody, reply: emptyReply },
    async (req) => {
      if (!req.body.id.length) throw badRequest('请选择要恢复的文章');
      await changed(await repo.restore(req.body.id), 'saved');
      return {};
    },
  );

  api.delete(
    '/article/recycle',
    { summary: '彻底删除回收站中的文章', access: P.purge, querystring: articleDelete, reply: emptyReply },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要删除的文章');
      await changed(await repo.purge(req.query.id), 'removed');
      return {};
    },
  );

  api.delete('/article/recycle/empty', { summary: '清空文章回收站', access: P.empty, reply: emptyReply }, async () => {
    await changed(await repo.purge(), 'removed');
    return {};
  });
}
