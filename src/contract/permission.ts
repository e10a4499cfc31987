import { z } from 'zod';
import { integer, lineText, listReply, repeated, timestamps } from './common.ts';

export const permissionUpdate = z.object({
  id: integer(z.number().int().positive('请指定要更新的权限')),
  title: lineText().min(1, '请输入权限名称').max(64, '权限名称最多64个字符'),
  description: z.string().max(255, '描述最多255个字符').default(''),
});
export const permissionGet = z.object({ id: integer(z.number().int().positive('请指定权限')) });
export const permissionList = z.object({
  page: integer(z.number().int().optional()),
  size: integer(z.number().int().optional()),
  wd: z.string().optional(),
  method: repeated(z.string()),
  path: z.string().optional(),
});

export const permission = z.object({
  id: z.number(),
  method: z.string(),
  path: z.string(),
  title: z.string(),
  description: z.string(),
  ...timestamps,
});
export type Permission = z.infer<typeof permission>;

export type PermissionUpdate = z.infer<typeof permissionUpdate>;
export type PermissionListQuery = z.infer<typeof permissionList>;
export const permissionListReply = listReply('permission', permission);
export type PermissionListReply = z.infer<typeof permissionListReply>;
