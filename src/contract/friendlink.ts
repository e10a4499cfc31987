import { z } from 'zod';
import { isHttpUrl } from '../domain/rules.ts';
import { fieldFilter, integer, pagedQuery, queryBool, repeated } from './common.ts';
import { descriptionField, rowTitle, sortAndEnable } from './fields.ts';
import { listReply, numbers, strings, timestamps } from './reply.ts';
import { adminTableCalls } from './admin-table.ts';
import { endpoint, service } from './endpoint.ts';

const LINK_MESSAGE = '请输入正确的链接地址';

const friendlinkFields = (enableDefault: boolean) => ({
  title: rowTitle('友链', { message: '请输入友链名称' }),
  link: z.string({ message: LINK_MESSAGE }).trim().max(255, '链接地址太长').refine(isHttpUrl, LINK_MESSAGE),
  description: descriptionField,
  ...sortAndEnable(enableDefault),
});

/** Create: a missing `enable` means enabled; an explicit false is kept. */
export const friendlinkInput = z.object(friendlinkFields(true));
export type FriendlinkInput = z.infer<typeof friendlinkInput>;
/** Update overwrites the whole row (a missing flag means false), as moredoc. */
export const friendlinkUpdate = z.object({
  id: integer(z.number().int().positive('请指定要更新的友链')),
  ...friendlinkFields(false),
});
export type FriendlinkUpdate = z.infer<typeof friendlinkUpdate>;
export const friendlinkGet = z.object({ id: integer(z.number().int().positive('请指定友链')) });
export const friendlinkList = pagedQuery({ ...fieldFilter, enable: repeated(queryBool) });
export type FriendlinkListQuery = z.infer<typeof friendlinkList>;

export const friendlink = z.object({
  ...numbers('id', 'sort'),
  ...strings('title', 'link', 'description'),
  enable: z.boolean(),
  ...timestamps,
});
export type Friendlink = z.infer<typeof friendlink>;
/** Anonymous callers get enabled links with `id, title, link` only. */
export const friendlinkListReply = listReply('friendlink', friendlink.partial());

/** FriendlinkAPI (api-contract §2.11): the back-office table, and the public reads. */
export const friendlinkApi = service('FriendlinkAPI', '友情链接', (rpc) => ({
  calls: {
    ...adminTableCalls(rpc, 'Friendlink', '友链', {
      create: { body: friendlinkInput, reply: friendlink.partial() },
      update: { body: friendlinkUpdate },
    }),
    get: endpoint.get('/friendlink', 'public', { query: friendlinkGet, reply: friendlink.partial() }),
    list: endpoint.get('/friendlink/list', 'public', { query: friendlinkList, reply: friendlinkListReply }),
  },
  summaries: {
    create: '创建友链（链接必须是 http(s) 地址；未传 enable 时默认启用）',
    update: '更新友链（覆盖整条记录）',
    get: '根据ID查询友链（未授权时只能查到启用的友链）',
    list: '友链列表（启用的在前，sort 大的在前；未授权时只返回启用的友链的 id、title、link）',
  },
  /** a holder sees disabled links too, in the list and by id */
  checks: { list: rpc('ListFriendlink', '查看友链列表'), get: rpc('GetFriendlink', '根据ID查询友链') },
}));
