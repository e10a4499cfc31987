import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { categoryPath } from './article-category.repo.ts';
import { ARTICLE_PERMISSIONS as P } from './article.permissions.ts';
import { listArticles } from './article-list.repo.ts';
import { batchIds } from './article.service.ts';
import { present } from './article.view.ts';
import { emptyReply } from '../../../contract/common.ts';

/** Batch review, recommendation, categorisation and the recycle bin: holders of the permissions only. */
export default async function articleAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const repo = app.ctx.repos.article;
  const tags = ['文章'];
  const changed = (ids: number[], change: ItemChange) => app.ctx.events.publish({ kind: 'article', ids, change });

  r.put(
    '/article/category',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '文章批量分类（替换所选文章的分类）', body: articleSetCategory },
      config: { access: P.setCategory },
    },
    async (req) => {
      const ids = batchIds(req.body);
      if (!req.body.category_id.length) throw badRequest('请选择文章分类');
      const categories = await categoryPath(db, req.body.category_id);
      await changed(await repo.setCategories(ids, categories), 'saved');
      return {};
    },
  );

  r.put(
    '/article/recommend',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '推荐文章或取消推荐', body: articleRecommend },
      config: { access: P.recommend },
    },
    async (req) => {
      await changed(await repo.setRecommend(batchIds(req.body), req.body.is_recommend), 'saved');
      return {};
    },
  );

  r.put(
    '/article/check',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '批量审批文章（0 待审核、1 通过、2 拒绝；拒绝须填写原因）',
        body: articleCheck,
      },
      config: { access: P.check },
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

  r.get(
    '/article/recycle/list',
    {
      schema: {
        response: { 200: articleListReply },
        tags,
        summary: '回收站文章列表（按删除时间倒序）',
        querystring: articleRecycleList,
      },
      config: { access: P.recycleList },
    },
    async (req) => {
      const q = req.query;
      const { total, rows } = await listArticles(
        db,
        { page: q.page, size: q.size, wd: q.wd, order: q.order, deleted: true },
        'deleted_at',
      );
      return { total, article: await present(db, rows) };
    },
  );

  r.post(
    '/article/recycle/restore',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '从回收站恢复文章', body: articleIdsBody },
      config: { access: P.restore },
    },
    async (req) => {
      if (!req.body.id.length) throw badRequest('请选择要恢复的文章');
      await changed(await repo.restore(req.body.id), 'saved');
      return {};
    },
  );

  r.delete(
    '/article/recycle',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '彻底删除回收站中的文章', querystring: articleDelete },
      config: { access: P.purge },
    },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要删除的文章');
      await changed(await repo.purge(req.query.id), 'removed');
      return {};
    },
  );

  r.delete(
    '/article/recycle/empty',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '清空文章回收站' },
      config: { access: P.empty },
    },
    async () => {
      await changed(await repo.purge(), 'removed');
      return {};
    },
  );
}
