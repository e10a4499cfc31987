/** PermissionAPI (api-contract §2.14). */
import { getList, normalizePermission } from './defaults.ts';
import type { Paging, Permission } from './types.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

type Empty = Record<string, never>;

export interface PermissionListParams extends Paging {
  /** matches title and description */
  wd?: string;
  method?: string[];
  /** substring of the path */
  path?: string;
}

export const listPermission = (params: PermissionListParams) =>
  getList('/permission/list', params, 'permission', normalizePermission);

export const getPermission = async (params: { id: number }): Promise<ApiResult<Permission>> =>
  mapOk(await http.get<unknown>('/permission', params), normalizePermission);

/** Only title and description change. */
export const updatePermission = (body: { id: number; title: string; description?: string }) =>
  http.put<Empty>('/permission', body);
