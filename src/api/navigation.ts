/** NavigationAPI (spec §7, api-contract §2.12), through the generated calls. */
import type { PageQuery } from './types.ts';
import type { NavigationInput, NavigationUpdate } from '../contract/navigation.ts';
import { call } from './call.ts';
import { navigationCreate, navigationDelete, navigationGet, navigationList, navigationUpdate } from './generated/navigation.ts';

export interface NavigationListParams extends PageQuery {
  order?: string;
  field?: string[];
}

export const createNavigation = (body: Partial<NavigationInput>) => call(navigationCreate, body);

export const updateNavigation = (body: Partial<NavigationUpdate> & { id: number }) => call(navigationUpdate, body);

export const deleteNavigation = (params: { id: number[] }) => call(navigationDelete, params);

export const getNavigation = (params: { id: number }) => call(navigationGet, params);

/** Disabled items are included; the public tree filters them (lib/tree.ts navigationTree). */
export const listNavigation = (params: NavigationListParams) => call(navigationList, params);
