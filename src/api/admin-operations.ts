/**
 * Back-office calls of SearchRecordAPI (api-contract §2.19).
 * Answers are normalised: the server omits zero values.
 */
import { fill, normalizeList } from './defaults.ts';
import type { Paging, ListReply } from './types.ts';
import type { SearchRecord } from '../contract/search.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

export type { SearchRecord };

type Empty = Record<string, never>;

/* ---------- search records ---------- */

export const SEARCH_RECORD_DEFAULTS: SearchRecord = {
  id: 0,
  user_id: 0,
  username: '',
  ip: '',
  user_agent: '',
  keywords: '',
  total: 0,
  page: 0,
  spend_time: 0,
  type: 0,
  created_at: '',
  updated_at: '',
};

export const normalizeSearchRecord = (raw: unknown): SearchRecord => fill(SEARCH_RECORD_DEFAULTS, raw);

export interface SearchRecordListParams extends Paging {
  keywords?: string;
  ip?: string;
  user_id?: number[];
  /** e.g. `id desc`, `total asc`, `spend_time desc` */
  order?: string;
}

export const listSearchRecords = async (
  params: SearchRecordListParams,
): Promise<ApiResult<ListReply<'search_record', SearchRecord>>> =>
  mapOk(await http.get<unknown>('/searchrecord/list', params), (d) => normalizeList(d, 'search_record', normalizeSearchRecord));

export const deleteSearchRecords = (params: { id: number[] }) => http.del<Empty>('/searchrecord', params);
