import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../auth/access.ts';
import { notFound } from '../../http/errors.ts';
import {
  permission,
  permissionGet,
  permissionList,
  permissionListReply,
  permissionUpdate,
} from '../../../contract/permission.ts';
import { emptyReply } from '../../../contract/common.ts';

export default async function permissionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = app.ctx.repos.permission;
  const tags = ['权限'];

  r.put(
    '/permission',
    {
      schema: { response: { 200: emptyReply }, tags, summary: '更新权限信息（只改名称与描述）', body: permissionUpdate },
      config: { access: perm('/api.v1.PermissionAPI/UpdatePermission', '更新权限信息') },
    },
    async (req) => {
      if (!(await repo.get(req.body.id))) throw notFound('权限不存在');
      await repo.update(req.body);
      return {};
    },
  );

  r.get(
    '/permission',
    {
      schema: { response: { 200: permission.partial() }, tags, summary: '根据ID查询权限', querystring: permissionGet },
      config: { access: perm('/api.v1.PermissionAPI/GetPermission', '根据ID查询权限') },
    },
    async (req) => {
      const row = await repo.get(req.query.id);
      if (!row) throw notFound('权限不存在');
      return row;
    },
  );

  r.get(
    '/permission/list',
    {
      schema: {
        response: { 200: permissionListReply },
        tags,
        summary: '权限列表（按 path 升序；wd 搜索名称与描述，path 模糊匹配）',
        querystring: permissionList,
      },
      config: { access: perm('/api.v1.PermissionAPI/ListPermission', '获取权限列表') },
    },
    async (req) => {
      const { total, rows } = await repo.list(req.query);
      return { total, permission: rows };
    },
  );
}
