import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../auth/access.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import {
  group,
  groupDelete,
  groupGet,
  groupInput,
  groupList,
  groupListReply,
  groupPermissionGet,
  groupPermissionReply,
  groupPermissionUpdate,
  groupUpdate,
} from '../../../contract/group.ts';
import { emptyReply } from '../../../contract/common.ts';
import { GROUP_COLUMNS, toGroup } from './group.repo.ts';

export const GROUP_LIST_PERMISSION = perm('/api.v1.GroupAPI/ListGroup', '获取用户组列表');

export default async function groupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = app.ctx.repos.group;
  const tags = ['用户组'];

  r.post(
    '/group',
    {
      schema: {
        response: { 200: group.partial() },
        tags,
        summary: '创建用户组（设为默认时，其余用户组不再是默认）',
        body: groupInput,
      },
      config: { access: perm('/api.v1.GroupAPI/CreateGroup', '创建用户组') },
    },
    async (req) => {
      if (await repo.byTitle(req.body.title)) throw conflict(`用户组【${req.body.title}】已存在`);
      const row = await repo.create(req.body);
      return toGroup({ ...row, user_count: 0 });
    },
  );

  r.put(
    '/group',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '更新用户组（覆盖除 id、user_count 外的全部字段）',
        body: groupUpdate,
      },
      config: { access: perm('/api.v1.GroupAPI/UpdateGroup', '更新用户组') },
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

  r.delete(
    '/group',
    {
      schema: {
        response: { 200: emptyReply },
        tags,
        summary: '删除用户组（默认用户组与仍有用户的用户组不能删除）',
        querystring: groupDelete,
      },
      config: { access: perm('/api.v1.GroupAPI/DeleteGroup', '删除用户组') },
    },
    async (req) => {
      const ids = [...new Set(req.query.id ?? [])];
      if (!ids.length) throw badRequest('请选择要删除的用户组');
      const blocked = await repo.blockers(ids);
      const defaults = blocked.filter((g) => g.is_default).map((g) => `【${g.title}】`);
      if (defaults.length) throw badRequest(`默认用户组${defaults.join('')}不能删除`);
      if (blocked.length) throw badRequest(`用户组${blocked.map((g) => `【${g.title}】`).join('')}下还有用户，不能删除`);
      await repo.delete(ids);
      return {};
    },
  );

  r.get(
    '/group',
    {
      schema: { response: { 200: group.partial() }, tags, summary: '查询用户组', querystring: groupGet },
      config: { access: 'public' },
    },
    async (req) => {
      const row = req.query.id ? await repo.get(req.query.id) : undefined;
      return row ? toGroup(row) : {};
    },
  );

  r.get(
    '/group/list',
    {
      schema: {
        response: { 200: groupListReply },
        tags,
        summary: '用户组列表（按 sort 降序；关键字搜索需要权限）',
        querystring: groupList,
      },
      config: { access: 'public' },
    },
    async (req) => {
      const q = req.query;
      const wd = q.wd && (await req.auth.can(GROUP_LIST_PERMISSION.path)) ? q.wd : undefined;
      const picked = GROUP_COLUMNS.filter((c) => q.field?.includes(c));
      const { total, rows } = await repo.list({
        page: q.page,
        size: q.size,
        wd,
        fields: picked.length ? picked : [...GROUP_COLUMNS],
      });
      return { total, group: rows.map(toGroup) };
    },
  );

  r.get(
    '/group/permission',
    {
      schema: { response: { 200: groupPermissionReply }, tags, summary: '获取用户组的权限 id', querystring: groupPermissionGet },
      config: { access: perm('/api.v1.GroupAPI/GetGroupPermission', '获取用户组授权') },
    },
    async (req) => {
      if (!(await repo.get(req.query.id))) throw notFound('用户组不存在');
      return { permission_id: await repo.permissionIds(req.query.id) };
    },
  );

  r.put(
    '/group/permission',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '给用户组授权（替换整个权限集合）', body: groupPermissionUpdate },
      config: { access: perm('/api.v1.GroupAPI/UpdateGroupPermission', '给用户组授权') },
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
  app.ctx.permissions.declare(GROUP_LIST_PERMISSION);
}
