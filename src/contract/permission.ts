import { z } from 'zod';
import { integer, lineText, repeated } from './common.ts';

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

export interface Permission {
  id: number;
  method: string;
  path: string;
  title: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export type PermissionUpdate = z.infer<typeof permissionUpdate>;
export type PermissionListQuery = z.infer<typeof permissionList>;
export interface PermissionListReply {
  total?: number;
  permission?: Permission[];
}
