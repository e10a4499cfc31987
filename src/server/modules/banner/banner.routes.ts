import type { FastifyInstance } from 'fastify';
import type { ItemChange } from '../../events/bus.ts';
import { deleteHandler, getHandler, updateHandler } from '../../http/crud.ts';
import { askedColumns } from '../../http/list.ts';
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
import { apiRoutes } from '../../http/routes.ts';

export default async function bannerRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.banner;
  const api = apiRoutes(app, ['轮播图'], 'BannerAPI');
  const listPermission = api.checked('ListBanner', '获取轮播图列表');
  // enabled banners are baked into the static home page
  const changed = (ids: number[], change: ItemChange) => app.ctx.events.publish({ kind: 'banner', ids, change });

  api.post(
    '/banner',
    {
      summary: '创建轮播图（图片为本站上传的图片或 http(s) 地址；未传 enable 时默认启用）',
      access: api.rpc('CreateBanner', '创建轮播图'),
      body: bannerInput,
      reply: banner.partial(),
    },
    async (req) => {
      const row = await repo.create(req.body);
      await changed([row.id], 'saved');
      return toBanner(row);
    },
  );

  api.put(
    '/banner',
    {
      summary: '更新轮播图（覆盖整条记录）',
      access: api.rpc('UpdateBanner', '更新轮播图'),
      body: bannerUpdate,
      reply: emptyReply,
    },
    updateHandler(repo, '轮播图不存在', (input) => changed([input.id], 'saved')),
  );

  api.delete(
    '/banner',
    { summary: '删除轮播图', access: api.rpc('DeleteBanner', '删除轮播图'), querystring: bannerDelete, reply: emptyReply },
    deleteHandler('请选择要删除的轮播图', async (ids) => {
      if (await repo.delete(ids)) await changed(ids, 'removed');
    }),
  );

  api.get(
    '/banner',
    {
      summary: '根据ID查询轮播图',
      access: api.rpc('GetBanner', '根据ID查询轮播图'),
      querystring: bannerGet,
      reply: banner.partial(),
    },
    getHandler(repo, '轮播图不存在', toBanner),
  );

  api.get(
    '/banner/list',
    {
      summary: '轮播图列表（启用的在前，sort 大的在前；未授权时只返回启用的轮播图的 id、title、path、url、type）',
      access: 'public',
      querystring: bannerList,
      reply: bannerListReply,
    },
    async (req) => {
      const q = req.query;
      const privileged = await req.auth.can(listPermission.path);
      const { total, rows } = privileged
        ? await repo.list({ ...q, fields: askedColumns(BANNER_COLUMNS, q.field), enabledOnly: false })
        : await repo.list({ page: q.page, size: q.size, type: q.type, fields: PUBLIC_BANNER_COLUMNS, enabledOnly: true });
      return { total, banner: rows.map(toBanner) };
    },
  );
}
