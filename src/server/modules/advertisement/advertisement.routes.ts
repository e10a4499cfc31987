import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../http/admin-table.ts';
import { AD_POSITIONS } from '../../../domain/ad-positions.ts';
import { advertisementApi } from '../../../contract/advertisement.ts';
import { isAdFree } from '../vip/vip.service.ts';
import { toAdvertisement } from './advertisement.repo.ts';
import { serviceRoutes } from '../../http/routes.ts';

/**
 * Advertisements. Their `content` is HTML that admins holding 添加广告/更新广告 write and the
 * site shows as-is in the ad slots (ad-network scripts need that), so it is not sanitised:
 * granting those permissions means trusting the holder with the site's pages.
 */
export default async function advertisementRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.advertisement;
  const { calls } = advertisementApi;
  const api = serviceRoutes(app, advertisementApi);
  // current ads are baked into the static pages
  const changed = () => void app.ctx.events.publish({ kind: 'shared', what: 'advertisement' });
  const table = tableRoutes(api, { name: '广告', changed });

  table.create(repo, calls.create, toAdvertisement);
  table.update(repo, calls.update);
  table.delete(repo, calls.delete);
  table.get(repo, calls.get, toAdvertisement);
  table.list(repo, calls.list, 'advertisement', toAdvertisement);

  api.handle(calls.position, async (req) => {
    const positions = [...new Set(req.query.position ?? [])].filter((p) => AD_POSITIONS.includes(p));
    if (!positions.length || (await isAdFree(app.ctx, req.auth.userId))) return {};
    const rows = await repo.current(positions);
    return { advertisement: rows.map(toAdvertisement) };
  });
}
