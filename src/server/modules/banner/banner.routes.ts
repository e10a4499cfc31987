import type { FastifyInstance } from 'fastify';
import type { ItemChange } from '../../events/bus.ts';
import { adminTable } from '../../http/admin-table.ts';
import { publicColumnsUnless } from '../../http/list.ts';
import * as wire from '../../../contract/banner.ts';
import { BANNER_COLUMNS, PUBLIC_BANNER_COLUMNS, toBanner } from './banner.repo.ts';
import { apiRoutes } from '../../http/routes.ts';

export default async function bannerRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.banner;
  const api = apiRoutes(app, ['轮播图'], 'BannerAPI');
  const listPermission = api.checked('ListBanner', '获取轮播图列表');
  // enabled banners are baked into the static home page
  const changed = (ids: number[], change: ItemChange) => app.ctx.events.publish({ kind: 'banner', ids, change });
  const table = adminTable(api, { url: '/banner', entity: 'Banner', name: '轮播图', changed });

  table.create(repo, {
    title: '创建轮播图',
    summary: '创建轮播图（图片为本站上传的图片或 http(s) 地址；未传 enable 时默认启用）',
    body: wire.bannerInput,
    reply: wire.banner.partial(),
    show: toBanner,
  });
  table.update(repo, { title: '更新轮播图', summary: '更新轮播图（覆盖整条记录）', body: wire.bannerUpdate });
  table.delete(repo, { title: '删除轮播图', querystring: wire.bannerDelete });
  table.get(repo, { title: '根据ID查询轮播图', querystring: wire.bannerGet, reply: wire.banner.partial(), show: toBanner });

  api.get(
    '/banner/list',
    {
      summary: '轮播图列表（启用的在前，sort 大的在前；未授权时只返回启用的轮播图的 id、title、path、url、type）',
      access: 'public',
      querystring: wire.bannerList,
      reply: wire.bannerListReply,
    },
    async (req) => {
      const privileged = await req.auth.can(listPermission.path);
      const q = publicColumnsUnless(privileged, req.query, BANNER_COLUMNS, PUBLIC_BANNER_COLUMNS, { type: req.query.type });
      const { total, rows } = await repo.list(q);
      return { total, banner: rows.map(toBanner) };
    },
  );
}
