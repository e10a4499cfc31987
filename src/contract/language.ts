import { z } from 'zod';
import { idList, ids, integer, listReply, queryBool, repeated, timestamps } from './common.ts';

export const languageInput = z.object({
  language: z.string({ message: '请输入语言名称' }).trim().min(1, '请输入语言名称').max(64, '语言名称最多64个字符'),
  code: z.string({ message: '请输入语言代码' }).trim().min(1, '请输入语言代码').max(16, '语言代码最多16个字符'),
  enable: z.boolean().default(false),
  sort: integer(z.number().int().default(0)),
});
/** The code identifies documents' languages and cannot change; other fields are overwritten. */
export const languageUpdate = z.object({
  id: integer(z.number().int().positive('请指定要更新的语言')),
  language: z.string({ message: '请输入语言名称' }).trim().min(1, '请输入语言名称').max(64, '语言名称最多64个字符'),
  enable: z.boolean().default(false),
  sort: integer(z.number().int().default(0)),
});
export const languageStatus = z.object({
  id: idList('请选择要更新的语言'),
  enable: z.boolean().default(false),
});
export const languageDelete = z.object({ id: ids });
export const languageList = z.object({
  page: integer(z.number().int().optional()),
  size: integer(z.number().int().optional()),
  wd: z.string().optional(),
  field: repeated(z.string()),
  enable: repeated(queryBool),
});

export const language = z.object({
  id: z.number(),
  language: z.string(),
  code: z.string(),
  enable: z.boolean(),
  total: z.number(),
  sort: z.number(),
  ...timestamps,
});
export type Language = z.infer<typeof language>;

export type LanguageInput = z.infer<typeof languageInput>;
export type LanguageUpdate = z.infer<typeof languageUpdate>;
export type LanguageListQuery = z.infer<typeof languageList>;
export const languageListReply = listReply('language', language.partial());
export type LanguageListReply = z.infer<typeof languageListReply>;
