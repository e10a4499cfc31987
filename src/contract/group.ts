import { z } from 'zod';
import { BATCH_TOO_LARGE, idsQuery, integer, MAX_BATCH, pageQuery } from './common.ts';
import { descriptionField, rowTitle } from './fields.ts';
import { booleans, listReply, numbers, strings, timestamps } from './reply.ts';
import { endpoint, service } from './endpoint.ts';

/** Fields a client may write; `defaults` says what a missing boolean means. */
const groupFields = (defaults: { enable_comment: boolean; enable_article: boolean }) => ({
  title: rowTitle('用户组'),
  color: z.string().trim().max(32, '颜色值太长').default(''),
  description: descriptionField,
  is_default: z.boolean().default(false),
  is_display: z.boolean().default(false),
  sort: integer(z.number().int().default(0)),
  enable_upload: z.boolean().default(false),
  enable_document_review: z.boolean().default(false),
  enable_comment: z.boolean().default(defaults.enable_comment),
  enable_comment_approval: z.boolean().default(false),
  enable_article: z.boolean().default(defaults.enable_article),
  enable_article_approval: z.boolean().default(false),
});

/** Create: a missing flag takes the column default (comments and articles allowed). */
export const groupInput = z.object(groupFields({ enable_comment: true, enable_article: true }));
export type GroupInput = z.infer<typeof groupInput>;
/** Update overwrites every column, as moredoc: a missing flag means false. */
export const groupUpdate = z.object({
  id: integer(z.number().int().positive('请指定要更新的用户组')),
  ...groupFields({ enable_comment: false, enable_article: false }),
});
export type GroupUpdate = z.infer<typeof groupUpdate>;
export const groupGet = z.object({ id: integer(z.number().int().min(0).default(0)), title: z.string().optional() });
export const groupList = pageQuery;
export const groupPermissionGet = z.object({ id: integer(z.number().int().positive('请指定用户组')) });
export const groupPermissionUpdate = z.object({
  group_id: integer(z.number().int().positive('请指定用户组')),
  // the route ignores 0 and refuses unknown ids
  permission_id: z.array(integer(z.number().int())).max(MAX_BATCH, BATCH_TOO_LARGE).default([]),
});
export type GroupPermissionUpdate = z.infer<typeof groupPermissionUpdate>;

export const group = z.object({
  ...numbers('id', 'user_count', 'sort'),
  ...strings('title', 'color', 'description'),
  ...booleans('is_default', 'is_display', 'enable_upload', 'enable_document_review'),
  ...booleans('enable_comment', 'enable_comment_approval', 'enable_article', 'enable_article_approval'),
  ...timestamps,
});
export type Group = z.infer<typeof group>;
export const groupPermissionReply = z.object({ permission_id: z.array(z.number()).optional() });
export type GroupPermissionReply = z.infer<typeof groupPermissionReply>;

/** GroupAPI (api-contract §2.13): user groups and what they are granted. */
export const groupApi = service('GroupAPI', '用户组', (rpc) => ({
  calls: {
    create: endpoint.post('/group', rpc('CreateGroup', '创建用户组'), { body: groupInput, reply: group.partial() }),
    update: endpoint.put('/group', rpc('UpdateGroup', '更新用户组'), { body: groupUpdate }),
    delete: endpoint.delete('/group', rpc('DeleteGroup', '删除用户组'), { query: idsQuery }),
    get: endpoint.get('/group', 'public', { query: groupGet, reply: group.partial() }),
    list: endpoint.get('/group/list', 'public', { query: groupList, reply: listReply('group', group.partial()) }),
    getPermission: endpoint.get('/group/permission', rpc('GetGroupPermission', '获取用户组授权'), {
      query: groupPermissionGet,
      reply: groupPermissionReply,
    }),
    updatePermission: endpoint.put('/group/permission', rpc('UpdateGroupPermission', '给用户组授权'), {
      body: groupPermissionUpdate,
    }),
  },
  summaries: {
    create: '创建用户组（设为默认时，其余用户组不再是默认）',
    update: '更新用户组（覆盖除 id、user_count 外的全部字段）',
    delete: '删除用户组（默认用户组与仍有用户的用户组不能删除）',
    get: '查询用户组',
    list: '用户组列表（按 sort 降序；关键字搜索需要权限）',
    getPermission: '获取用户组的权限 id',
    updatePermission: '给用户组授权（替换整个权限集合）',
  },
  /** searching the list by keyword */
  checks: { list: rpc('ListGroup', '获取用户组列表') },
}));
