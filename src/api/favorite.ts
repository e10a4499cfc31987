/** FavoriteAPI (api-contract §2.7, all login). Type 0 = document, 1 = article. */
import { getList, fill } from './defaults.ts';
import type { Paging } from './types.ts';
import type { Favorite as WireFavorite } from '../contract/document.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

/** A favourite with its document's columns filled in (the wire omits zero values). */
export type Favorite = Required<WireFavorite>;

type Empty = Record<string, never>;

const FAVORITE: Favorite = {
  id: 0,
  user_id: 0,
  document_id: 0,
  type: 0,
  title: '',
  ext: '',
  document_uuid: '',
  score: 0,
  pages: 0,
  size: 0,
  attachment: { hash: '' },
  created_at: '',
  updated_at: '',
};

const normalizeFavorite = (raw: unknown): Favorite => fill(FAVORITE, raw);

/** 409 when already favourited. */
export const createFavorite = async (body: { document_id: number; type?: number }): Promise<ApiResult<Favorite>> =>
  mapOk(await http.post<unknown>('/favorite', { type: 0, ...body }), normalizeFavorite);

/** `id` are favourite ids (not document ids); only the caller's own are removed. */
export const deleteFavorite = (params: { id: number[] }) => http.del<Empty>('/favorite', params);

/** The caller's favourite of a document; `id` 0 when not favourited. */
export const getFavorite = async (params: { document_id: number; type?: number }): Promise<ApiResult<Favorite>> =>
  mapOk(await http.get<unknown>('/favorite', { type: 0, ...params }), normalizeFavorite);

/** The caller's favourites, or (with `user_id`) another user's favourite public documents. */
export const listFavorites = (
  params: Paging & {
    type?: number;
    user_id?: number;
  },
) => getList('/favorite/list', params, 'favorite', normalizeFavorite);
