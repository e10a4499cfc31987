import type { FastifyInstance } from 'fastify';
import type { ItemChange } from '../../events/bus.ts';
import { tableRoutes } from '../../http/admin-table.ts';
import { publicColumnsUnless } from '../../http/list.ts';
import { bannerApi } from '../../../contract/banner.ts';
import { BANNER_COLUMNS, PUBLIC_BANNER_COLUMNS, toBanner } from './banner.repo.ts';
import { serviceRoutes } from '../../http/routes.ts';

export default async function bannerRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.banner;
  const { calls, checks } = bannerApi;
  const api = serviceRoutes(app, bannerApi);
  // enabled banners are baked into the static home page
  const changed = (ids: number[], change: ItemChange) => app.ctx.events.publish({ kind: 'banner', ids, change });
  const table = tableRoutes(api, { name: '轮播图', changed });

  table.create(repo, calls.create, toBanner);
  table.update(repo, calls.update);
  table.delete(repo, calls.delete);
  table.get(repo, calls.get, toBanner);

  api.handle(calls.list, async (req) => {
    const privileged = await req.auth.can(checks.list.path);
    const q = publicColumnsUnless(privileged, req.query, BANNER_COLUMNS, PUBLIC_BANNER_COLUMNS, { type: req.query.type });
    const { total, rows } = await repo.list(q);
    return { total, banner: rows.map(toBanner) };
  });
}
