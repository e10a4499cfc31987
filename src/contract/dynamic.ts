import { z } from 'zod';
import { pageOnly } from './common.ts';
import { timestamps } from './reply.ts';

/** Kinds of activity in a user's feed (moredoc's dynamic types; Wenku reads them from the rows themselves). */
export const DYNAMIC_TYPES = { comment: 1, favorite: 2, upload: 3, download: 4, register: 6, deleteDocument: 14 } as const;

/** GET /api/v1/user/dynamic: the caller's own feed, newest first; size 10..100 as in moredoc. */
export const dynamicList = pageOnly;

export const dynamic = z.object({
  id: z.number(),
  user_id: z.number(),
  type: z.number(),
  /** an HTML snippet: 上传了文档《<a href="…">title</a>》 */
  content: z.string(),
  username: z.string(),
  ...timestamps,
});
export type Dynamic = z.infer<typeof dynamic>;
