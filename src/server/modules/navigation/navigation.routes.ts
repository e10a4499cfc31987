import type { FastifyInstance } from 'fastify';
import { deleteHandler, findHandler } from '../../http/crud.ts';
import { badRequest } from '../../http/errors.ts';
import * as wire from '../../../contract/navigation.ts';
import { emptyReply } from '../../../contract/common.ts';
import { toNavigation } from './navigation.repo.ts';
import { apiRoutes } from '../../http/routes.ts';

export default async function navigationRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.navigation;
  const api = apiRoutes(app, ['导航'], 'NavigationAPI');
  const listPermission = api.checked('ListNavigation', '查看导航列表');
  // every page shows the navigation
  const changed = () => app.ctx.events.publish({ kind: 'shared', what: 'navigation' });

  api.post(
    '/navigation',
    {
      summary: '新增导航',
      access: api.rpc('CreateNavigation', '新增导航'),
      body: wire.navigationInput,
      reply: wire.navigation.partial(),
    },
    async (req) => {
      if (req.body.parent_id && !(await repo.get(req.body.parent_id))) throw badRequest('上级导航不存在');
      const row = await repo.create(req.body);
      await changed();
      return toNavigation(row);
    },
  );

  api.put(
    '/navigation',
    { summary: '编辑导航', access: api.rpc('UpdateNavigation', '编辑导航'), body: wire.navigationUpdate, reply: emptyReply },
    async (req) => {
      const current = await repo.get(req.body.id);
      if (!current) throw badRequest('导航不存在');
      if (req.body.parent_id === req.body.id) throw badRequest('上级导航不能是自己');
      await repo.update(req.body, Boolean(current.fixed));
      await changed();
      return {};
    },
  );

  api.delete(
    '/navigation',
    {
      summary: '删除导航（连同子导航，系统内置导航不会删除）',
      access: api.rpc('DeleteNavigation', '删除导航'),
      querystring: wire.navigationDelete,
      reply: emptyReply,
    },
    deleteHandler('请选择要删除的导航', async (ids) => {
      await repo.deleteTree(ids);
      await changed();
    }),
  );

  api.get(
    '/navigation',
    { summary: '查询导航', access: 'public', querystring: wire.navigationGet, reply: wire.navigation.partial() },
    findHandler(repo, toNavigation),
  );

  api.get(
    '/navigation/list',
    {
      summary: '导航列表（包含已禁用的导航，由客户端过滤）',
      access: 'public',
      querystring: wire.navigationList,
      reply: wire.navigationListReply,
    },
    async (req) => {
      const q = req.query;
      const wd = q.wd && (await req.auth.can(listPermission.path)) ? q.wd : undefined;
      const { total, rows } = await repo.list({ page: q.page, size: q.size, wd, order: q.order });
      return { total, navigation: rows.map(toNavigation) };
    },
  );
}
