import { z } from 'zod';
import { integer, pageQuery } from './common.ts';
import { descriptionField, rowTitle, sortAndEnable } from './fields.ts';
import { booleans, listReply, numbers, strings, timestamps } from './reply.ts';
import { adminTableCalls } from './admin-table.ts';
import { endpoint, service } from './endpoint.ts';

export const navigationInput = z.object({
  title: rowTitle('导航'),
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
export const navigationGet = z.object({ id: integer(z.number().int().min(0).default(0)) });
export const navigationList = pageQuery;

export const navigation = z.object({
  ...numbers('id', 'sort', 'parent_id'),
  ...strings('title', 'href', 'target', 'color', 'description'),
  ...booleans('enable', 'fixed'),
  ...timestamps,
});
export type Navigation = z.infer<typeof navigation>;

/** NavigationAPI (api-contract §2.12): the back office edits the tree; everybody reads it. */
export const navigationApi = service('NavigationAPI', '导航', (rpc) => ({
  calls: {
    ...adminTableCalls(rpc, 'Navigation', '导航', {
      create: { title: '新增导航', body: navigationInput, reply: navigation.partial() },
      update: { title: '编辑导航', body: navigationUpdate },
    }),
    get: endpoint.get('/navigation', 'public', { query: navigationGet, reply: navigation.partial() }),
    list: endpoint.get('/navigation/list', 'public', { query: navigationList, reply: listReply('navigation', navigation) }),
  },
  summaries: {
    delete: '删除导航（连同子导航，系统内置导航不会删除）',
    get: '查询导航',
    list: '导航列表（包含已禁用的导航，由客户端过滤）',
  },
  /** a holder may search by keyword */
  checks: { list: rpc('ListNavigation', '查看导航列表') },
}));
