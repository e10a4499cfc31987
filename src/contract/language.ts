import { z } from 'zod';
import { fieldFilter, idList, integer, pagedQuery, queryBool, repeated } from './common.ts';
import { emptyReply, listReply, numbers, strings, timestamps } from './reply.ts';
import { adminTableCalls } from './admin-table.ts';
import { endpoint, service } from './endpoint.ts';

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
export const languageList = pagedQuery({ ...fieldFilter, enable: repeated(queryBool) });
export type LanguageListQuery = z.infer<typeof languageList>;

export const language = z.object({
  ...numbers('id', 'total', 'sort'),
  ...strings('language', 'code'),
  enable: z.boolean(),
  ...timestamps,
});
export type Language = z.infer<typeof language>;

/** LanguageAPI (api-contract §2.16): the back-office table, batch status, and the public list. */
export const languageApi = service('LanguageAPI', '语言', (rpc) => ({
  calls: {
    ...adminTableCalls(rpc, 'Language', '语言', {
      create: { title: '新增语言', body: languageInput, reply: emptyReply },
      update: { body: languageUpdate },
    }),
    status: endpoint.put('/language/status', rpc('UpdateLanguageStatus', '更新语言状态'), { body: languageStatus }),
    list: endpoint.get('/language/list', 'public', { query: languageList, reply: listReply('language', language.partial()) }),
  },
  summaries: {
    create: '新增语言（语言代码唯一）',
    update: '更新语言（语言代码不可修改）',
    status: '批量启用或禁用语言',
    list: '语言列表（默认第1页、每页10条；未授权时只返回启用的语言）',
  },
  /** a holder sees disabled languages too */
  checks: { list: rpc('ListLanguage', '语言管理') },
}));
