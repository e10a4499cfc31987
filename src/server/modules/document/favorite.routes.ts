import type { FastifyInstance } from 'fastify';
import { cachedCount } from '../../db/count-cache.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../http/errors.ts';
import { paginate } from '../../http/list.ts';
import { favoriteGet, favoriteIds, favoriteInput, favoriteList, type Favorite } from '../../../contract/document.ts';
import { num } from './document.view.ts';
import { addFavorite, removeFavorites } from './favorite.service.ts';

/** The caller's favorites (FavoriteAPI, all login). */
export default async function favoriteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db } = ctx;
  const tags = ['收藏'];

  r.post(
    '/favorite',
    {
      schema: { tags, summary: '收藏文档', body: favoriteInput },
      config: { access: 'login' },
    },
    async (req) => addFavorite(ctx, req.auth.requireLogin(), req.body.document_id, req.body.type),
  );

  r.delete(
    '/favorite',
    {
      schema: { tags, summary: '取消收藏（只能取消自己的收藏）', querystring: favoriteIds },
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
      schema: { tags, summary: '我对某文档的收藏（未收藏时为空对象）', querystring: favoriteGet },
      config: { access: 'login' },
    },
    async (req) => {
      const row = await db
        .selectFrom('favorites')
        .selectAll()
        .where('user_id', '=', req.auth.requireLogin())
        .where('document_id', '=', req.query.document_id)
        .where('type', '=', req.query.type)
        .executeTakeFirst();
      const reply: Favorite | Record<string, never> = row ?? {};
      return reply;
    },
  );

  r.get(
    '/favorite/list',
    {
      schema: { tags, summary: '我的收藏列表', querystring: favoriteList },
      config: { access: 'login' },
    },
    async (req) => {
      const base = db
        .selectFrom('favorites as f')
        .innerJoin('documents as d', 'd.id', 'f.document_id')
        .where('f.user_id', '=', req.auth.requireLogin())
        .where('f.type', '=', 0);
      // kept until favourites or documents change (count-cache.ts)
      const n = await cachedCount(db, ['favorites', 'documents'], `favorite-list:${req.auth.userId}`, async () =>
        Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      );
      const rows = await paginate(
        base
          .select([
            'f.id',
            'f.user_id',
            'f.document_id',
            'f.type',
            'f.created_at',
            'f.updated_at',
            'd.title',
            'd.ext',
            'd.uuid as document_uuid',
            'd.score',
            'd.pages',
            'd.size',
          ])
          .orderBy('f.id', 'desc'),
        req.query.page,
        req.query.size ?? 10,
      ).execute();
      const favorite: Favorite[] = rows.map((row) => ({ ...row, size: num(row.size) }));
      return { total: Number(n), favorite };
    },
  );
}
