import { z } from 'zod';
import { integer } from './common.ts';

/** Kinds of activity in a user's feed (moredoc's dynamic types; Wenku reads them from the rows themselves). */
export const DYNAMIC_TYPES = { comment: 1, favorite: 2, upload: 3, download: 4, register: 6, deleteDocument: 14 } as const;

/** GET /api/v1/user/dynamic: the caller's own feed, newest first; size 10..100 as in moredoc. */
export const dynamicList = z.object({
  page: integer(z.number().int().optional()),
  size: integer(z.number().int().optional()),
});

export interface Dynamic {
  id: number;
  user_id: number;
  type: number;
  /** an HTML snippet: 上传了文档《<a href="…">title</a>》 */
  content: string;
  username: string;
  created_at: string;
  updated_at: string;
}
