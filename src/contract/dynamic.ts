import { z } from 'zod';
import { pageOnly } from './common.ts';
import { listReply, numbers, timestamps } from './reply.ts';
import { endpoint, service } from './endpoint.ts';

/** Kinds of activity in a user's feed (moredoc's dynamic types; Wenku reads them from the rows themselves). */
export const DYNAMIC_TYPES = { comment: 1, favorite: 2, upload: 3, download: 4, register: 6, deleteDocument: 14 } as const;

/** GET /api/v1/user/dynamic: the caller's own feed, newest first; size 10..100 as in moredoc. */
export const dynamicList = pageOnly;

export const dynamic = z.object({
  ...numbers('id', 'user_id', 'type'),
  /** an HTML snippet: 上传了文档《<a href="…">title</a>》 */
  content: z.string(),
  username: z.string(),
  ...timestamps,
});
export type Dynamic = z.infer<typeof dynamic>;

/** ListUserDynamic of moredoc's UserAPI. */
export const dynamicApi = service('UserAPI', '用户', {
  calls: {
    list: endpoint.get('/user/dynamic', 'login', { query: dynamicList, reply: listReply('dynamic', dynamic) }),
  },
  summaries: {
    list: '我的动态（注册、上传、下载、评论、收藏、删除文档；新的在前）',
  },
});
