import type { FastifyInstance } from 'fastify';
import { deleteHandler, findHandler } from '../../http/crud.ts';
import { badRequest } from '../../http/errors.ts';
import { navigationApi } from '../../../contract/navigation.ts';
import { toNavigation } from './navigation.repo.ts';
import { serviceRoutes } from '../../http/routes.ts';

export default async function navigationRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.navigation;
  const { calls, checks } = navigationApi;
  const api = serviceRoutes(app, navigationApi);
  // every page shows the navigation
  const changed = () => app.ctx.events.publish({ kind: 'shared', what: 'navigation' });

  api.handle(calls.create, async (req) => {
    if (req.body.parent_id && !(await repo.get(req.body.parent_id))) throw badRequest('上级导航不存在');
    const row = await repo.create(req.body);
    await changed();
    return toNavigation(row);
  });

  api.handle(calls.update, async (req) => {
    const current = await repo.get(req.body.id);
    if (!current) throw badRequest('导航不存在');
    if (req.body.parent_id === req.body.id) throw badRequest('上级导航不能是自己');
    await repo.update(req.body, Boolean(current.fixed));
    await changed();
    return {};
  });

  api.handle(
    calls.delete,
    deleteHandler('请选择要删除的导航', async (ids) => {
      await repo.deleteTree(ids);
      await changed();
    }),
  );

  api.handle(calls.get, findHandler(repo, toNavigation));

  api.handle(calls.list, async (req) => {
    const q = req.query;
    const wd = q.wd && (await req.auth.can(checks.list.path)) ? q.wd : undefined;
    const { total, rows } = await repo.list({ page: q.page, size: q.size, wd, order: q.order });
    return { total, navigation: rows.map(toNavigation) };
  });
}
