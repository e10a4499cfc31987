import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../http/errors.ts';
import { favorite, favoriteGet, favoriteIds, favoriteInput, favoriteList } from '../../../contract/document.ts';
import { addFavorite, removeFavorites } from './favorite.service.ts';
import { emptyReply, listReply } from '../../../contract/common.ts';

/** The caller's favorites (FavoriteAPI, all login). */
export default async function favoriteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { repos } = ctx;
  const tags = ['收藏'];

  r.post(
    '/favorite',
    {
      schema: { response: { 200: favorite }, tags, summary: '收藏文档', body: favoriteInput },
      config: { access: 'login' },
    },
    async (req) => addFavorite(ctx, req.auth.requireLogin(), req.body.document_id, req.body.type),
  );

  r.delete(
    '/favorite',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '取消收藏（只能取消自己的收藏）', querystring: favoriteIds },
      config: { access: 'login' },
    },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要取消的收藏');
      await removeFavorites(ctx, req.auth.requireLogin(), req.query.id);
      return {};
    },
  );

  r.get(
    '/favorite',
    {
      schema: {
        response: { 200: favorite.partial() },
        tags,
        summary: '我对某文档的收藏（未收藏时为空对象）',
        querystring: favoriteGet,
      },
      config: { access: 'login' },
    },
    async (req) => (await repos.favorite.find(req.auth.requireLogin(), req.query.document_id, req.query.type)) ?? {},
  );

  r.get(
    '/favorite/list',
    {
      schema: {
        response: { 200: listReply('favorite', favorite) },
        tags,
        summary: '收藏列表（不指定 user_id 时为我的收藏；他人的收藏只含公开文档）',
        querystring: favoriteList,
      },
      config: { access: 'public', userCache: ['favorites', 'documents'] },
    },
    async (req) => {
      const other = req.query.user_id && req.query.user_id !== req.auth.userId ? req.query.user_id : 0;
      const owner = other || req.auth.requireLogin();
      return repos.favorite.list(owner, req.query.page, req.query.size ?? 10, !other);
    },
  );
}
