import { z } from 'zod';
import { integer, pagedQuery, repeated } from './common.ts';
import { descriptionField, rowTitle } from './fields.ts';
import { listReply, strings, timestamps } from './reply.ts';
import { endpoint, service } from './endpoint.ts';

export const permissionUpdate = z.object({
  id: integer(z.number().int().positive('请指定要更新的权限')),
  title: rowTitle('权限'),
  description: descriptionField,
});
export type PermissionUpdate = z.infer<typeof permissionUpdate>;
export const permissionGet = z.object({ id: integer(z.number().int().positive('请指定权限')) });
export const permissionList = pagedQuery({ method: repeated(z.string()), path: z.string().optional() });
export type PermissionListQuery = z.infer<typeof permissionList>;

export const permission = z.object({ id: z.number(), ...strings('method', 'path', 'title', 'description'), ...timestamps });
export type Permission = z.infer<typeof permission>;

/** PermissionAPI (api-contract §2.14): the routes' permissions are synced at start-up; only their names change. */
export const permissionApi = service('PermissionAPI', '权限', (rpc) => ({
  calls: {
    update: endpoint.put('/permission', rpc('UpdatePermission', '更新权限信息'), { body: permissionUpdate }),
    get: endpoint.get('/permission', rpc('GetPermission', '根据ID查询权限'), {
      query: permissionGet,
      reply: permission.partial(),
    }),
    list: endpoint.get('/permission/list', rpc('ListPermission', '获取权限列表'), {
      query: permissionList,
      reply: listReply('permission', permission),
    }),
  },
  summaries: {
    update: '更新权限信息（只改名称与描述）',
    list: '权限列表（按 path 升序；wd 搜索名称与描述，path 模糊匹配）',
  },
}));
