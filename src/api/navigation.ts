/** NavigationAPI (spec §7, api-contract §2.12). */
import type { NavigationInput, NavigationUpdate } from '../contract/navigation.ts';
import { normalizeList, normalizeNavigation } from './defaults.ts';
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import type { ListReply, Navigation } from './types.ts';

type Empty = Record<string, never>;

export interface NavigationListParams {
  page?: number;
  size?: number;
  wd?: string;
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
export const listNavigation = async (params: NavigationListParams): Promise<ApiResult<ListReply<'navigation', Navigation>>> =>
  mapOk(await http.get<unknown>('/navigation/list', params), (d) => normalizeList(d, 'navigation', normalizeNavigation));
