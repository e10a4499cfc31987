/** FriendlinkAPI, public list (api-contract §2.11). Visitors get enabled links: id, title, link. */
import type { Friendlink } from '../contract/friendlink.ts';
import { fill, normalizeList } from './defaults.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import type { ListReply } from './types.ts';

export type { Friendlink };

const FRIENDLINK: Friendlink = {
  id: 0,
  title: '',
  link: '',
  description: '',
  sort: 0,
  enable: false,
  created_at: '',
  updated_at: '',
};

export const normalizeFriendlink = (raw: unknown): Friendlink => fill(FRIENDLINK, raw);

export const listFriendlinks = async (params: {
  page?: number;
  size?: number;
}): Promise<ApiResult<ListReply<'friendlink', Friendlink>>> =>
  mapOk(await http.get<unknown>('/friendlink/list', params), (d) => normalizeList(d, 'friendlink', normalizeFriendlink));
