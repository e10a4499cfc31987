import type { FastifyInstance } from 'fastify';
import { getHandler, listHandler, updateHandler } from '../../http/crud.ts';
import {
  permission,
  permissionGet,
  permissionList,
  permissionListReply,
  permissionUpdate,
} from '../../../contract/permission.ts';
import { emptyReply } from '../../../contract/common.ts';
import { apiRoutes } from '../../http/routes.ts';

export default async function permissionRoutes(app: FastifyInstance) {
  const repo = app.ctx.repos.permission;
  const api = apiRoutes(app, ['权限'], 'PermissionAPI');

  api.put(
    '/permission',
    {
      summary: '更新权限信息（只改名称与描述）',
      access: api.rpc('UpdatePermission', '更新权限信息'),
      body: permissionUpdate,
      reply: emptyReply,
    },
    updateHandler(repo, '权限不存在'),
  );

  api.get(
    '/permission',
    {
      summary: '根据ID查询权限',
      access: api.rpc('GetPermission', '根据ID查询权限'),
      querystring: permissionGet,
      reply: permission.partial(),
    },
    getHandler(repo, '权限不存在'),
  );

  api.get(
    '/permission/list',
    {
      summary: '权限列表（按 path 升序；wd 搜索名称与描述，path 模糊匹配）',
      access: api.rpc('ListPermission', '获取权限列表'),
      querystring: permissionList,
      reply: permissionListReply,
    },
    listHandler(repo, 'permission'),
  );
}
