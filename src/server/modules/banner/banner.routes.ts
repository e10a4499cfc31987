import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../auth/access.ts';
import type { ItemChange } from '../../events/bus.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import {
  banner,
  bannerDelete,
  bannerGet,
  bannerInput,
  bannerList,
  bannerListReply,
  bannerUpdate,
} from '../../../contract/banner.ts';
import { emptyReply } from '../../../contract/common.ts';
import { BANNER_COLUMNS, PUBLIC_BANNER_COLUMNS, toBanner } from './banner.repo.ts';

export const BANNER_LIST_PERMISSION = perm('/api.v1.BannerAPI/ListBanner', '获取轮播图列表');

export default async function bannerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = app.ctx.repos.banner;
  const tags = ['轮播图'];
  // enabled banners are baked into the static home page
  const changed = (ids: number[], change: ItemChange) => app.ctx.events.publish({ kind: 'banner', ids, change });

  r.post(
    '/banner',
    {
      schema: {
        tags,
        summary: '创建轮播图（图片为本站上传的图片或 http(s) 地址；未传 enable 时默认启用）',
        body: bannerInput,
        response: { 200: banner.partial() },
      },
      config: { access: perm('/api.v1.BannerAPI/CreateBanner', '创建轮播图') },
    },
    async (req) => {
      const row = await repo.create(req.body);
      await changed([row.id], 'saved');
      return toBanner(row);
    },
  );

  r.put(
    '/banner',
    {
      schema: { tags, summary: '更新轮播图（覆盖整条记录）', body: bannerUpdate, response: { 200: emptyReply } },
      config: { access: perm('/api.v1.BannerAPI/UpdateBanner', '更新轮播图') },
    },
    async (req) => {
      if (!(await repo.get(req.body.id))) throw notFound('轮播图不存在');
      await repo.update(req.body);
      await changed([req.body.id], 'saved');
      return {};
    },
  );

  r.delete(
    '/banner',
    {
      schema: { tags, summary: '删除轮播图', querystring: bannerDelete, response: { 200: emptyReply } },
      config: { access: perm('/api.v1.BannerAPI/DeleteBanner', '删除轮播图') },
    },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要删除的轮播图');
      if (await repo.delete([...new Set(req.query.id)])) await changed(req.query.id, 'removed');
      return {};
    },
  );

  r.get(
    '/banner',
    {
      schema: { tags, summary: '根据ID查询轮播图', querystring: bannerGet, response: { 200: banner.partial() } },
      config: { access: perm('/api.v1.BannerAPI/GetBanner', '根据ID查询轮播图') },
    },
    async (req) => {
      const row = await repo.get(req.query.id);
      if (!row) throw notFound('轮播图不存在');
      return toBanner(row);
    },
  );

  r.get(
    '/banner/list',
    {
      schema: {
        tags,
        summary: '轮播图列表（启用的在前，sort 大的在前；未授权时只返回启用的轮播图的 id、title、path、url、type）',
        querystring: bannerList,
        response: { 200: bannerListReply },
      },
      config: { access: 'public' },
    },
    async (req) => {
      const q = req.query;
      const privileged = await req.auth.can(BANNER_LIST_PERMISSION.path);
      const picked = BANNER_COLUMNS.filter((c) => q.field?.includes(c));
      const { total, rows } = privileged
        ? await repo.list({ ...q, fields: picked.length ? picked : BANNER_COLUMNS, enabledOnly: false })
        : await repo.list({ page: q.page, size: q.size, type: q.type, fields: PUBLIC_BANNER_COLUMNS, enabledOnly: true });
      return { total, banner: rows.map(toBanner) };
    },
  );
  app.ctx.permissions.declare(BANNER_LIST_PERMISSION);
}
