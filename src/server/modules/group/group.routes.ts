import type { FastifyInstance } from 'fastify';
import { deleteHandler, findHandler } from '../../http/crud.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { askedColumns } from '../../http/list.ts';
import * as wire from '../../../contract/group.ts';
import { emptyReply } from '../../../contract/common.ts';
import { GROUP_COLUMNS, toGroup } from './group.repo.ts';
import { apiRoutes } from '../../http/routes.ts';

export default async function groupRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.group;
  const api = apiRoutes(app, ['用户组'], 'GroupAPI');
  const listPermission = api.checked('ListGroup', '获取用户组列表');

  api.post(
    '/group',
    {
      summary: '创建用户组（设为默认时，其余用户组不再是默认）',
      access: api.rpc('CreateGroup', '创建用户组'),
      body: wire.groupInput,
      reply: wire.group.partial(),
    },
    async (req) => {
      if (await repo.byTitle(req.body.title)) throw conflict(`用户组【${req.body.title}】已存在`);
      const row = await repo.create(req.body);
      return toGroup({ ...row, user_count: 0 });
    },
  );

  api.put(
    '/group',
    {
      summary: '更新用户组（覆盖除 id、user_count 外的全部字段）',
      access: api.rpc('UpdateGroup', '更新用户组'),
      body: wire.groupUpdate,
      reply: emptyReply,
    },
    async (req) => {
      const { id, ...input } = req.body;
      if (!(await repo.get(id))) throw notFound('用户组不存在');
      const same = await repo.byTitle(input.title);
      if (same && same.id !== id) throw conflict(`用户组【${input.title}】已存在`);
      await repo.update(id, input, (otherDefaults) => {
        if (!input.is_default && otherDefaults === 0) throw badRequest('至少要有一个默认用户组');
      });
      return {};
    },
  );

  api.delete(
    '/group',
    {
      summary: '删除用户组（默认用户组与仍有用户的用户组不能删除）',
      access: api.rpc('DeleteGroup', '删除用户组'),
      querystring: wire.groupDelete,
      reply: emptyReply,
    },
    deleteHandler('请选择要删除的用户组', async (ids) => {
      const blocked = await repo.blockers(ids);
      const defaults = blocked.filter((g) => g.is_default).map((g) => `【${g.title}】`);
      if (defaults.length) throw badRequest(`默认用户组${defaults.join('')}不能删除`);
      if (blocked.length) throw badRequest(`用户组${blocked.map((g) => `【${g.title}】`).join('')}下还有用户，不能删除`);
      await repo.delete(ids);
    }),
  );

  api.get(
    '/group',
    { summary: '查询用户组', access: 'public', querystring: wire.groupGet, reply: wire.group.partial() },
    findHandler(repo, toGroup),
  );

  api.get(
    '/group/list',
    {
      summary: '用户组列表（按 sort 降序；关键字搜索需要权限）',
      access: 'public',
      querystring: wire.groupList,
      reply: wire.groupListReply,
    },
    async (req) => {
      const q = req.query;
      const wd = q.wd && (await req.auth.can(listPermission.path)) ? q.wd : undefined;
      const { total, rows } = await repo.list({ page: q.page, size: q.size, wd, fields: askedColumns(GROUP_COLUMNS, q.field) });
      return { total, group: rows.map(toGroup) };
    },
  );

  api.get(
    '/group/permission',
    {
      summary: '获取用户组的权限 id',
      access: api.rpc('GetGroupPermission', '获取用户组授权'),
      querystring: wire.groupPermissionGet,
      reply: wire.groupPermissionReply,
    },
    async (req) => {
      if (!(await repo.get(req.query.id))) throw notFound('用户组不存在');
      return { permission_id: await repo.permissionIds(req.query.id) };
    },
  );

  api.put(
    '/group/permission',
    {
      summary: '给用户组授权（替换整个权限集合）',
      access: api.rpc('UpdateGroupPermission', '给用户组授权'),
      body: wire.groupPermissionUpdate,
      reply: emptyReply,
    },
    async (req) => {
      const { group_id } = req.body;
      if (!(await repo.get(group_id))) throw notFound('用户组不存在');
      const wanted = [...new Set(req.body.permission_id.filter((id) => id > 0))];
      const existing = await repo.existingPermissionIds(wanted);
      const missing = wanted.filter((id) => !existing.has(id));
      if (missing.length) throw badRequest(`权限不存在：${missing.join('、')}`);
      await repo.setPermissions(group_id, wanted);
      return {};
    },
  );
}
