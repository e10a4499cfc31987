/**
 * Member answers the browser reshapes: a sign-in's user filled the client's way (api/types.ts User), and the
 * member's downloads (not yet in the endpoint table). The other UserAPI calls are sent with `call()` and the
 * generated projection (src/api/generated/user.ts).
 */
import { fill, normalizeList, normalizeUser } from './defaults.ts';
import type { Download, ListReply, LoginReply, Paging } from './types.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

/** A sign-in answer (password, SMS, third party) as the session keeps it: `{token, user}`, the user normalised. */
export const asLogin = (r: ApiResult<{ token?: string; user?: unknown }>): ApiResult<LoginReply> =>
  mapOk(r, (d) => ({ token: d.token ?? '', user: normalizeUser(d.user) }));

export type PageParams = Paging;

const DOWNLOAD: Download = {
  id: 0,
  user_id: 0,
  document_id: 0,
  ip: '',
  is_pay: false,
  title: '',
  ext: '',
  document_uuid: '',
  score: 0,
  score_count: 0,
  pages: 0,
  size: 0,
  created_at: '',
  updated_at: '',
};

export const listUserDownloads = async (params: PageParams): Promise<ApiResult<ListReply<'download', Download>>> =>
  mapOk(await http.get<unknown>('/user/download', params), (d) => normalizeList(d, 'download', (x) => fill(DOWNLOAD, x)));
