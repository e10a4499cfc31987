import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../auth/access.ts';
import { badRequest } from '../../http/errors.ts';
import {
  navigation,
  navigationDelete,
  navigationGet,
  navigationInput,
  navigationList,
  navigationListReply,
  navigationUpdate,
} from '../../../contract/navigation.ts';
import { emptyReply } from '../../../contract/common.ts';
import { toNavigation } from './navigation.repo.ts';

export const NAV_LIST_PERMISSION = perm('/api.v1.NavigationAPI/ListNavigation', '查看导航列表');

export default async function navigationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = app.ctx.repos.navigation;
  const tags = ['导航'];

  r.post(
    '/navigation',
    {
      schema: { response: { 200: navigation.partial() }, tags, summary: '新增导航', body: navigationInput },
      config: { access: perm('/api.v1.NavigationAPI/CreateNavigation', '新增导航') },
    },
    async (req) => {
      if (req.body.parent_id && !(await repo.get(req.body.parent_id))) throw badRequest('上级导航不存在');
      const row = await repo.create(req.body);
      await app.ctx.events.publish({ kind: 'shared', what: 'navigation' });
      return toNavigation(row);
    },
  );

  r.put(
    '/navigation',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '编辑导航', body: navigationUpdate },
      config: { access: perm('/api.v1.NavigationAPI/UpdateNavigation', '编辑导航') },
    },
    async (req) => {
      const current = await repo.get(req.body.id);
      if (!current) throw badRequest('导航不存在');
      if (req.body.parent_id === req.body.id) throw badRequest('上级导航不能是自己');
      await repo.update(req.body, Boolean(current.fixed));
      await app.ctx.events.publish({ kind: 'shared', what: 'navigation' });
      return {};
    },
  );

  r.delete(
    '/navigation',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '删除导航（连同子导航，系统内置导航不会删除）',
        querystring: navigationDelete,
      },
      config: { access: perm('/api.v1.NavigationAPI/DeleteNavigation', '删除导航') },
    },
    async (req) => {
      if (!req.query.id?.length) throw badRequest('请选择要删除的导航');
      await repo.deleteTree(req.query.id);
      await app.ctx.events.publish({ kind: 'shared', what: 'navigation' });
      return {};
    },
  );

  r.get(
    '/navigation',
    {
      schema: { response: { 200: navigation.partial() }, tags, summary: '查询导航', querystring: navigationGet },
      config: { access: 'public' },
    },
    async (req) => {
      const row = req.query.id ? await repo.get(req.query.id) : undefined;
      return row ? toNavigation(row) : {};
    },
  );

  r.get(
    '/navigation/list',
    {
      schema: {
        response: { 200: navigationListReply },
        tags,
        summary: '导航列表（包含已禁用的导航，由客户端过滤）',
        querystring: navigationList,
      },
      config: { access: 'public' },
    },
    async (req) => {
      const q = req.query;
      const wd = q.wd && (await req.auth.can(NAV_LIST_PERMISSION.path)) ? q.wd : undefined;
      const { total, rows } = await repo.list({ page: q.page, size: q.size, wd, order: q.order });
      return { total, navigation: rows.map(toNavigation) };
    },
  );
  app.ctx.permissions.declare(NAV_LIST_PERMISSION);
}
