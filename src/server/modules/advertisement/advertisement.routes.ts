import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../auth/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
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

/**
 * Advertisements. Their `content` is HTML that admins holding 添加广告/更新广告 write and the
 * site shows as-is in the ad slots (ad-network scripts need that), so it is not sanitised:
 * granting those permissions means trusting the holder with the site's pages.
 */
export default async function advertisementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = app.ctx.repos.advertisement;
  const tags = ['广告'];
  // current ads are baked into the static pages
  const changed = () => void app.ctx.events.publish({ kind: 'shared', what: 'advertisement' });

  r.post(
    '/advertisement',
    {
      schema: {
        response: { 200: advertisement.partial() },
        tags,
        summary: '添加广告（内容为 HTML，原样展示；未传 enable 时默认启用）',
        body: advertisementInput,
      },
      config: { access: perm('/api.v1.AdvertisementAPI/CreateAdvertisement', '添加广告') },
    },
    async (req) => {
      const row = await repo.create(req.body, req.auth.userId);
      changed();
      return toAdvertisement(row);
    },
  );

  r.put(
    '/advertisement',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '更新广告（覆盖整条记录）', body: advertisementUpdate },
      config: { access: perm('/api.v1.AdvertisementAPI/UpdateAdvertisement', '更新广告') },
    },
    async (req) => {
      if (!(await repo.get(req.body.id))) throw notFound('广告不存在');
      await repo.update(req.body);
      changed();
      return {};
    },
  );

  r.delete(
    '/advertisement',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '删除广告', querystring: advertisementDelete },
      config: { access: perm('/api.v1.AdvertisementAPI/DeleteAdvertisement', '删除广告') },
    },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要删除的广告');
      if (await repo.delete([...new Set(req.query.id)])) changed();
      return {};
    },
  );

  r.get(
    '/advertisement',
    {
      schema: { response: { 200: advertisement.partial() }, tags, summary: '获取广告内容', querystring: advertisementGet },
      config: { access: perm('/api.v1.AdvertisementAPI/GetAdvertisement', '获取广告内容') },
    },
    async (req) => {
      const row = await repo.get(req.query.id);
      if (!row) throw notFound('广告不存在');
      return toAdvertisement(row);
    },
  );

  r.get(
    '/advertisement/list',
    {
      schema: {
        response: { 200: advertisementListReply },
        tags,
        summary: '广告列表（新的在前）',
        querystring: advertisementList,
      },
      config: { access: perm('/api.v1.AdvertisementAPI/ListAdvertisement', '获取广告列表') },
    },
    async (req) => {
      const { total, rows } = await repo.list(req.query);
      return { total, advertisement: rows.map(toAdvertisement) };
    },
  );

  r.get(
    '/advertisement/position',
    {
      schema: {
        response: { 200: advertisementPositionReply },
        tags,
        summary: '按广告位获取当前投放的广告（启用且在投放时间内；不含备注，无 total；VIP会员不看广告）',
        querystring: advertisementByPosition,
      },
      config: { access: 'public' },
    },
    async (req) => {
      const positions = [...new Set(req.query.position ?? [])].filter((p) => AD_POSITIONS.includes(p));
      if (!positions.length || (await isAdFree(app.ctx, req.auth.userId))) return {};
      const rows = await repo.current(positions);
      return { advertisement: rows.map(toAdvertisement) };
    },
  );
}
