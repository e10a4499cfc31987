import { z } from 'zod';
import { fieldFilter, idList, ids, integer, pagedQuery, queryBool, repeated } from './common.ts';
import { listReply, numbers, strings, timestamps } from './reply.ts';

const languageName = z.string({ message: '请输入语言名称' }).trim().min(1, '请输入语言名称').max(64, '语言名称最多64个字符');
const languageState = { enable: z.boolean().default(false), sort: integer(z.number().int().default(0)) };

export const languageInput = z.object({
  language: languageName,
  code: z.string({ message: '请输入语言代码' }).trim().min(1, '请输入语言代码').max(16, '语言代码最多16个字符'),
  ...languageState,
});
export type LanguageInput = z.infer<typeof languageInput>;
/** The code identifies documents' languages and cannot change; other fields are overwritten. */
export const languageUpdate = z.object({
  id: integer(z.number().int().positive('请指定要更新的语言')),
  language: languageName,
  ...languageState,
});
export type LanguageUpdate = z.infer<typeof languageUpdate>;
export const languageStatus = z.object({ id: idList('请选择要更新的语言'), enable: z.boolean().default(false) });
export const languageDelete = z.object({ id: ids });
export const languageList = pagedQuery({ ...fieldFilter, enable: repeated(queryBool) });
export type LanguageListQuery = z.infer<typeof languageList>;

export const language = z.object({
  ...numbers('id', 'total', 'sort'),
  ...strings('language', 'code'),
  enable: z.boolean(),
  ...timestamps,
});
export type Language = z.infer<typeof language>;
export const languageListReply = listReply('language', language.partial());
export type LanguageListReply = z.infer<typeof languageListReply>;
