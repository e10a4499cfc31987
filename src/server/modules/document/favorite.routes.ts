import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import { favorite, favoriteGet, favoriteIds, favoriteInput, favoriteList } from '../../../contract/document.ts';
import { addFavorite, removeFavorites } from './favorite.service.ts';
import { emptyReply, listReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

/** The caller's favorites (FavoriteAPI, all login). */
export default async function favoriteRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { repos } = ctx;
  const api = apiRoutes(app, ['收藏']);

  api.post('/favorite', { summary: '收藏文档', access: 'login', body: favoriteInput, reply: favorite }, async (req) =>
    addFavorite(ctx, req.auth.requireLogin(), req.body.document_id, req.body.type),
  );

  api.delete(
    '/favorite',
    { summary: '取消收藏（只能取消自己的收藏）', access: 'login', querystring: favoriteIds, reply: emptyReply },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要取消的收藏');
      await removeFavorites(ctx, req.auth.requireLogin(), req.query.id);
      return {};
    },
  );

  api.get(
    '/favorite',
    { summary: '我对某文档的收藏（未收藏时为空对象）', access: 'login', querystring: favoriteGet, reply: favorite.partial() },
    async (req) => (await repos.favorite.find(req.auth.requireLogin(), req.query.document_id, req.query.type)) ?? {},
  );

  api.get(
    '/favorite/list',
    {
      summary: '收藏列表（不指定 user_id 时为我的收藏；他人的收藏只含公开文档）',
      access: 'public',
      querystring: favoriteList,
      reply: listReply('favorite', favorite),
      userCache: ['favorites', 'documents'],
    },
    async (req) => {
      const other = req.query.user_id && req.query.user_id !== req.auth.userId ? req.query.user_id : 0;
      const owner = other || req.auth.requireLogin();
      return repos.favorite.list(owner, req.query.page, req.query.size ?? 10, !other);
    },
  );
}
