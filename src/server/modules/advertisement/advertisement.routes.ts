import type { FastifyInstance } from 'fastify';
import { deleteHandler, getHandler, listHandler, updateHandler } from '../../http/crud.ts';
import { AD_POSITIONS } from '../../../domain/ad-positions.ts';
import {
  advertisement,
  advertisementByPosition,
  advertisementDelete,
  advertisementGet,
  advertisementInput,
  advertisementList,
  advertisementListReply,
  advertisementPositionReply,
  advertisementUpdate,
} from '../../../contract/advertisement.ts';
import { isAdFree } from '../vip/vip.service.ts';
import { emptyReply } from '../../../contract/common.ts';
import { toAdvertisement } from './advertisement.repo.ts';
import { apiRoutes } from '../../http/routes.ts';

/**
 * Advertisements. Their `content` is HTML that admins holding 添加广告/更新广告 write and the
 * site shows as-is in the ad slots (ad-network scripts need that), so it is not sanitised:
 * granting those permissions means trusting the holder with the site's pages.
 */
export default async function advertisementRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.advertisement;
  const api = apiRoutes(app, ['广告'], 'AdvertisementAPI');
  // current ads are baked into the static pages
  const changed = () => void app.ctx.events.publish({ kind: 'shared', what: 'advertisement' });

  api.post(
    '/advertisement',
    {
      summary: '添加广告（内容为 HTML，原样展示；未传 enable 时默认启用）',
      access: api.rpc('CreateAdvertisement', '添加广告'),
      body: advertisementInput,
      reply: advertisement.partial(),
    },
    async (req) => {
      const row = await repo.create(req.body, req.auth.userId);
      changed();
      return toAdvertisement(row);
    },
  );

  api.put(
    '/advertisement',
    {
      summary: '更新广告（覆盖整条记录）',
      access: api.rpc('UpdateAdvertisement', '更新广告'),
      body: advertisementUpdate,
      reply: emptyReply,
    },
    updateHandler(repo, '广告不存在', changed),
  );

  api.delete(
    '/advertisement',
    {
      summary: '删除广告',
      access: api.rpc('DeleteAdvertisement', '删除广告'),
      querystring: advertisementDelete,
      reply: emptyReply,
    },
    deleteHandler('请选择要删除的广告', async (ids) => {
      if (await repo.delete(ids)) changed();
    }),
  );

  api.get(
    '/advertisement',
    {
      summary: '获取广告内容',
      access: api.rpc('GetAdvertisement', '获取广告内容'),
      querystring: advertisementGet,
      reply: advertisement.partial(),
    },
    getHandler(repo, '广告不存在', toAdvertisement),
  );

  api.get(
    '/advertisement/list',
    {
      summary: '广告列表（新的在前）',
      access: api.rpc('ListAdvertisement', '获取广告列表'),
      querystring: advertisementList,
      reply: advertisementListReply,
    },
    listHandler(repo, 'advertisement', toAdvertisement),
  );

  api.get(
    '/advertisement/position',
    {
      summary: '按广告位获取当前投放的广告（启用且在投放时间内；不含备注，无 total；VIP会员不看广告）',
      access: 'public',
      querystring: advertisementByPosition,
      reply: advertisementPositionReply,
    },
    async (req) => {
      const positions = [...new Set(req.query.position ?? [])].filter((p) => AD_POSITIONS.includes(p));
      if (!positions.length || (await isAdFree(app.ctx, req.auth.userId))) return {};
      const rows = await repo.current(positions);
      return { advertisement: rows.map(toAdvertisement) };
    },
  );
}
