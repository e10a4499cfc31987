/** NavigationAPI (spec §7, api-contract §2.12). */
import { getList, normalizeNavigation } from './defaults.ts';
import type { PageQuery, Navigation } from './types.ts';
import type { NavigationInput, NavigationUpdate } from '../contract/navigation.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';

type Empty = Record<string, never>;

export interface NavigationListParams extends PageQuery {
  order?: string;
  field?: string[];
}

export const createNavigation = async (body: Partial<NavigationInput>): Promise<ApiResult<Navigation>> =>
  mapOk(await http.post<unknown>('/navigation', body), normalizeNavigation);

export const updateNavigation = (body: Partial<NavigationUpdate> & { id: number }) => http.put<Empty>('/navigation', body);

export const deleteNavigation = (params: { id: number[] }) => http.del<Empty>('/navigation', params);

export const getNavigation = async (params: { id: number }): Promise<ApiResult<Navigation>> =>
  mapOk(await http.get<unknown>('/navigation', params), normalizeNavigation);

/** Disabled items are included; the public tree filters them (lib/tree.ts navigationTree). */
export const listNavigation = (params: NavigationListParams) =>
  getList('/navigation/list', params, 'navigation', normalizeNavigation);
