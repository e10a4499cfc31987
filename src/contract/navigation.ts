import { z } from 'zod';
import { ids, integer, lineText, pageQuery } from './common.ts';

export const navigationInput = z.object({
  title: lineText().min(1, '请输入导航名称').max(64, '导航名称最多64个字符'),
  href: z.string().trim().max(255, '链接地址太长').default(''),
  target: z.enum(['_self', '_blank', ''], { message: '打开方式只能是当前页或新标签页' }).default('_self'),
  color: z.string().max(32).default(''),
  description: z.string().max(255, '描述最多255个字符').default(''),
  sort: integer(z.number().int().default(0)),
  enable: z.boolean().default(false),
  parent_id: integer(z.number().int().min(0).default(0)),
});

export const navigationUpdate = navigationInput.extend({ id: integer(z.number().int().positive('请指定要编辑的导航')) });
export const navigationDelete = z.object({ id: ids });
export const navigationGet = z.object({ id: integer(z.number().int().min(0).default(0)) });
export const navigationList = pageQuery;

export interface Navigation {
  id: number;
  title: string;
  href: string;
  target: string;
  color: string;
  description: string;
  sort: number;
  enable: boolean;
  parent_id: number;
  fixed: boolean;
  created_at: string;
  updated_at: string;
}

export type NavigationInput = z.infer<typeof navigationInput>;
export type NavigationUpdate = z.infer<typeof navigationUpdate>;
export interface NavigationListReply {
  total?: number;
  navigation?: Navigation[];
}
