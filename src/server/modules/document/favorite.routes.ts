import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import { favoriteApi } from '../../../contract/favorite.ts';
import { addFavorite, removeFavorites } from './favorite.service.ts';
import { serviceRoutes } from '../../http/routes.ts';

/** The caller's favorites (FavoriteAPI, all login). */
export default async function favoriteRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { repos } = ctx;
  const { calls } = favoriteApi;
  const api = serviceRoutes(app, favoriteApi);

  api.handle(calls.create, async (req) => addFavorite(ctx, req.auth.requireLogin(), req.body.document_id, req.body.type));

  api.handle(calls.delete, async (req) => {
    if (!req.query.id?.length) throw badRequest('请选择要取消的收藏');
    await removeFavorites(ctx, req.auth.requireLogin(), req.query.id);
    return {};
  });

  api.handle(
    calls.get,
    async (req) => (await repos.favorite.find(req.auth.requireLogin(), req.query.document_id, req.query.type)) ?? {},
  );

  api.handle(
    calls.list,
    async (req) => {
      const other = req.query.user_id && req.query.user_id !== req.auth.userId ? req.query.user_id : 0;
      const owner = other || req.auth.requireLogin();
      return repos.favorite.list(owner, req.query.page, req.query.size ?? 10, !other, req.query.type);
    },
    { userCache: ['favorites', 'documents', 'articles'] },
  );
}
