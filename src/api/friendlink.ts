/** FriendlinkAPI, public list (api-contract §2.11). Visitors get enabled links: id, title, link. */
import { getList, fill } from './defaults.ts';
import type { Paging } from './types.ts';
import type { Friendlink } from '../contract/friendlink.ts';

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

export const listFriendlinks = (params: Paging) => getList('/friendlink/list', params, 'friendlink', normalizeFriendlink);
