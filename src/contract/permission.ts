import { z } from 'zod';
import { integer, lineText, pagedQuery, repeated } from './common.ts';
import { descriptionField } from './fields.ts';
import { listReply, strings, timestamps } from './reply.ts';

export const permissionUpdate = z.object({
  id: integer(z.number().int().positive('请指定要更新的权限')),
  title: lineText().min(1, '请输入权限名称').max(64, '权限名称最多64个字符'),
  description: descriptionField,
});
export type PermissionUpdate = z.infer<typeof permissionUpdate>;
export const permissionGet = z.object({ id: integer(z.number().int().positive('请指定权限')) });
export const permissionList = pagedQuery({ method: repeated(z.string()), path: z.string().optional() });
export type PermissionListQuery = z.infer<typeof permissionList>;

export const permission = z.object({ id: z.number(), ...strings('method', 'path', 'title', 'description'), ...timestamps });
export type Permission = z.infer<typeof permission>;
export const permissionListReply = listReply('permission', permission);
export type PermissionListReply = z.infer<typeof permissionListReply>;
