import { z } from 'zod';
import { fieldFilter, integer, pagedQuery, queryBool, repeated } from './common.ts';
import { sortAndEnable } from './fields.ts';
import { booleans, emptyReply, itemsReply, numbers, strings, timestamps } from './reply.ts';
import { adminTableCalls } from './admin-table.ts';
import { endpoint, service } from './endpoint.ts';

export const CATEGORY_TYPES = { document: 0, article: 1 } as const;

const categoryFields = (enableDefault: boolean) => ({
  parent_id: integer(z.number().int().min(0, '上级分类无效').default(0)),
  ...sortAndEnable(enableDefault),
  cover: z.string().trim().max(255, '封面地址太长').default(''),
  icon: z.string().trim().max(255, '图标地址太长').default(''),
  description: z.string().max(512, '描述最多512个字符').default(''),
  show_description: z.boolean().default(false),
  type: integer(
    z
      .number()
      .int()
      .refine((v) => v === 0 || v === 1, '分类类型只能是 0（文档）或 1（文章）')
      .default(0),
  ),
});

/** Create: `title` holds one category per line; a missing `enable` means enabled. */
export const categoryInput = z.object({ title: z.string({ message: '请输入分类名称' }).default(''), ...categoryFields(true) });
export type CategoryInput = z.infer<typeof categoryInput>;
/** Update overwrites the whole row (a missing flag means false), as moredoc. */
export const categoryUpdate = z.object({
  id: integer(z.number().int().positive('请指定要更新的分类')),
  title: z
    .string()
    .trim()
    .min(1, '请输入分类名称')
    .max(64, '分类名称最多64个字符')
    .regex(/^[^\r\n]*$/, '分类名称不能换行'),
  ...categoryFields(false),
});
export type CategoryUpdate = z.infer<typeof categoryUpdate>;
export const categoryGet = z.object({ id: integer(z.number().int().positive('请指定分类')) });
export const categoryList = pagedQuery({
  ...fieldFilter,
  parent_id: repeated(integer(z.number().int().min(0))),
  enable: repeated(queryBool),
  type: repeated(integer(z.number().int())),
});
export type CategoryListQuery = z.infer<typeof categoryList>;

export const category = z.object({
  ...numbers('id', 'parent_id', 'doc_count', 'sort', 'type'),
  ...strings('title', 'cover', 'icon', 'description'),
  ...booleans('enable', 'show_description'),
  ...timestamps,
});
export type Category = z.infer<typeof category>;
/** ListCategory never carries a total (moredoc). */
export const categoryListReply = itemsReply('category', category.partial());

/** CategoryAPI (api-contract §2.4): the back-office table, and the public list. */
export const categoryApi = service('CategoryAPI', '分类', (rpc) => ({
  calls: {
    ...adminTableCalls(rpc, 'Category', '文档分类', {
      create: { title: '新增文档分类', body: categoryInput, reply: emptyReply },
      update: { body: categoryUpdate },
      get: { query: categoryGet, reply: category.partial() },
    }),
    list: endpoint.get('/category/list', 'public', { query: categoryList, reply: categoryListReply }),
  },
  summaries: {
    create: '新增分类（标题每行一个分类；同级已存在的同名分类会跳过）',
    update: '更新分类（覆盖整条记录）',
    delete: '删除分类（连同子分类；仍有文档的分类及其上级会保留）',
    get: '根据ID查询分类',
    list: '分类列表（无 total；未授权时只返回启用的分类）',
  },
  /** a holder sees disabled categories too */
  checks: { list: rpc('ListCategory', '查询文档分类列表') },
}));
