import { z } from 'zod';
import { integer, pageOnly, positiveId, repeated } from './common.ts';
import { endpoint, service } from './endpoint.ts';
import { listReply, numbers, optionalNumbers, optionalStrings, timestamps } from './reply.ts';

export const favoriteInput = z.object({
  document_id: positiveId('请指定要收藏的文档'),
  type: integer(z.number().int().min(0).max(1).default(0)),
});
export const favoriteGet = z.object({
  document_id: positiveId('请指定文档'),
  type: integer(z.number().int().min(0).max(1).default(0)),
});
export const favoriteIds = z.object({ id: repeated(positiveId('收藏ID无效')) });
export const favoriteList = pageOnly.extend({
  type: integer(z.number().int().min(0).max(1).optional()),
  /** another user's public favourites (the 收藏 tab of a user page); absent = mine */
  user_id: integer(z.number().int().min(0).optional()),
});
/** A favorite (or download) joined with its document. */
export const favorite = z.object({
  ...numbers('id', 'user_id', 'document_id', 'type'),
  ...optionalStrings('title', 'ext', 'document_uuid'),
  ...optionalNumbers('score', 'pages', 'size'),
  /** Wenku: the file's hash, for the cover thumbnail (favourites only) */
  attachment: z.object({ hash: z.string() }).optional(),
  ...timestamps,
});
export type Favorite = z.infer<typeof favorite>;

/** FavoriteAPI (api-contract §2.7): the caller's favourites; another user's public ones. Type 0 = document, 1 = article. */
export const favoriteApi = service('FavoriteAPI', '收藏', {
  calls: {
    create: endpoint.post('/favorite', 'login', { body: favoriteInput, reply: favorite }),
    delete: endpoint.delete('/favorite', 'login', { query: favoriteIds }),
    get: endpoint.get('/favorite', 'login', { query: favoriteGet, reply: favorite.partial() }),
    list: endpoint.get('/favorite/list', 'public', { query: favoriteList, reply: listReply('favorite', favorite) }),
  },
  summaries: {
    create: '收藏文档（type 1：收藏文章）',
    delete: '取消收藏（只能取消自己的收藏）',
    get: '我对某文档（type 1：文章）的收藏（未收藏时为空对象）',
    list: '收藏列表（不指定 user_id 时为我的收藏；他人的收藏只含公开文档；type 1 为文章收藏，document_uuid 是文章标识）',
  },
});
