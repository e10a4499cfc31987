import type { FastifyInstance } from 'fastify';
import { adminTable } from '../../http/admin-table.ts';
import { AD_POSITIONS } from '../../../domain/ad-positions.ts';
import * as wire from '../../../contract/advertisement.ts';
import { isAdFree } from '../vip/vip.service.ts';
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
  const table = adminTable(api, { url: '/advertisement', entity: 'Advertisement', name: '广告', changed });

  table.create(repo, {
    title: '添加广告',
    summary: '添加广告（内容为 HTML，原样展示；未传 enable 时默认启用）',
    body: wire.advertisementInput,
    reply: wire.advertisement.partial(),
    show: toAdvertisement,
  });
  table.update(repo, { title: '更新广告', summary: '更新广告（覆盖整条记录）', body: wire.advertisementUpdate });
  table.delete(repo, { title: '删除广告', querystring: wire.advertisementDelete });
  table.get(repo, {
    title: '获取广告内容',
    querystring: wire.advertisementGet,
    reply: wire.advertisement.partial(),
    show: toAdvertisement,
  });
  table.list(repo, {
    title: '获取广告列表',
    summary: '广告列表（新的在前）',
    querystring: wire.advertisementList,
    reply: wire.advertisementListReply,
    key: 'advertisement',
    show: toAdvertisement,
  });

  api.get(
    '/advertisement/position',
    {
      summary: '按广告位获取当前投放的广告（启用且在投放时间内；不含备注，无 total；VIP会员不看广告）',
      access: 'public',
      querystring: wire.advertisementByPosition,
      reply: wire.advertisementPositionReply,
    },
    async (req) => {
      const positions = [...new Set(req.query.position ?? [])].filter((p) => AD_POSITIONS.includes(p));
      if (!positions.length || (await isAdFree(app.ctx, req.auth.userId))) return {};
      const rows = await repo.current(positions);
      return { advertisement: rows.map(toAdvertisement) };
    },
  );
}
