import { z } from 'zod';
import { isHttpUrl } from '../domain/rules.ts';
import { fieldFilter, ids, integer, lineText, pagedQuery, queryBool, repeated } from './common.ts';
import { descriptionField, sortAndEnable } from './fields.ts';
import { listReply, numbers, strings, timestamps } from './reply.ts';

const LINK_MESSAGE = '请输入正确的链接地址';

const friendlinkFields = (enableDefault: boolean) => ({
  title: lineText({ message: '请输入友链名称' }).min(1, '请输入友链名称').max(64, '友链名称最多64个字符'),
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
export const friendlinkDelete = z.object({ id: ids });
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
export type FriendlinkListReply = z.infer<typeof friendlinkListReply>;
