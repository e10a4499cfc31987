/** GroupAPI — user groups / roles (api-contract §2.13). */
import { getList, normalizeGroup } from './defaults.ts';
import type { PageQuery, Group } from './types.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

type Empty = Record<string, never>;

export type GroupInput = Partial<Omit<Group, 'id' | 'user_count' | 'created_at' | 'updated_at'>> & { title: string };

export interface GroupListParams extends PageQuery {
  field?: string[];
}

/** Only title, color, is_default, is_display, sort and description are read; follow with updateGroup for the rest. */
export const createGroup = async (body: GroupInput): Promise<ApiResult<Group>> =>
  mapOk(await http.post<unknown>('/group', body), normalizeGroup);

export const updateGroup = (body: GroupInput & { id: number }) => http.put<Empty>('/group', body);

export const deleteGroup = (params: { id: number[] }) => http.del<Empty>('/group', params);

export const getGroup = async (params: { id: number }): Promise<ApiResult<Group>> =>
  mapOk(await http.get<unknown>('/group', params), normalizeGroup);

export const listGroup = (params: GroupListParams) => getList('/group/list', params, 'group', normalizeGroup);

/** Ids of the permissions granted to a group. */
export const getGroupPermission = async (params: { id: number }): Promise<ApiResult<{ permission_id: number[] }>> =>
  mapOk(await http.get<{ permission_id?: unknown }>('/group/permission', params), (d) => ({
    permission_id: Array.isArray(d.permission_id) ? d.permission_id.map(Number) : [],
  }));

/** Replaces the group's permission set. */
export const updateGroupPermission = (body: { group_id: number; permission_id: number[] }) =>
  http.put<Empty>('/group/permission', body);
