import { z } from 'zod';
import { ids, integer, lineText, pageQuery } from './common.ts';
import { descriptionField, sortAndEnable } from './fields.ts';
import { booleans, listReply, numbers, strings, timestamps } from './reply.ts';

export const navigationInput = z.object({
  title: lineText().min(1, '请输入导航名称').max(64, '导航名称最多64个字符'),
  href: z.string().trim().max(255, '链接地址太长').default(''),
  target: z.enum(['_self', '_blank', ''], { message: '打开方式只能是当前页或新标签页' }).default('_self'),
  color: z.string().max(32).default(''),
  description: descriptionField,
  ...sortAndEnable(false),
  parent_id: integer(z.number().int().min(0).default(0)),
});
export type NavigationInput = z.infer<typeof navigationInput>;

export const navigationUpdate = navigationInput.extend({ id: integer(z.number().int().positive('请指定要编辑的导航')) });
export type NavigationUpdate = z.infer<typeof navigationUpdate>;
export const navigationDelete = z.object({ id: ids });
export const navigationGet = z.object({ id: integer(z.number().int().min(0).default(0)) });
export const navigationList = pageQuery;

export const navigation = z.object({
  ...numbers('id', 'sort', 'parent_id'),
  ...strings('title', 'href', 'target', 'color', 'description'),
  ...booleans('enable', 'fixed'),
  ...timestamps,
});
export type Navigation = z.infer<typeof navigation>;
export const navigationListReply = listReply('navigation', navigation);
export type NavigationListReply = z.infer<typeof navigationListReply>;
