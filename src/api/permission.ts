/** PermissionAPI (api-contract §2.14). */
import { normalizeList, normalizePermission } from './defaults.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import type { ListReply, Permission } from './types.ts';

type Empty = Record<string, never>;

export interface PermissionListParams {
  page?: number;
  size?: number;
  /** matches title and description */
  wd?: string;
  method?: string[];
  /** substring of the path */
  path?: string;
}

export const listPermission = async (params: PermissionListParams): Promise<ApiResult<ListReply<'permission', Permission>>> =>
  mapOk(await http.get<unknown>('/permission/list', params), (d) => normalizeList(d, 'permission', normalizePermission));

export const getPermission = async (params: { id: number }): Promise<ApiResult<Permission>> =>
  mapOk(await http.get<unknown>('/permission', params), normalizePermission);

/** Only title and description change. */
export const updatePermission = (body: { id: number; title: string; description?: string }) =>
  http.put<Empty>('/permission', body);
