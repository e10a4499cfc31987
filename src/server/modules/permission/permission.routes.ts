import type { FastifyInstance } from 'fastify';
import { adminTable } from '../../http/admin-table.ts';
import * as wire from '../../../contract/permission.ts';
import { apiRoutes } from '../../http/routes.ts';

export default async function permissionRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.permission;
  const table = adminTable(apiRoutes(app, ['权限'], 'PermissionAPI'), { url: '/permission', entity: 'Permission', name: '权限' });

  table.update(repo, { title: '更新权限信息', summary: '更新权限信息（只改名称与描述）', body: wire.permissionUpdate });
  table.get(repo, { title: '根据ID查询权限', querystring: wire.permissionGet, reply: wire.permission.partial() });
  table.list(repo, {
    title: '获取权限列表',
    summary: '权限列表（按 path 升序；wd 搜索名称与描述，path 模糊匹配）',
    querystring: wire.permissionList,
    reply: wire.permissionListReply,
    key: 'permission',
  });
}
