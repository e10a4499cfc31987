/** Public navigation (spec §7): enabled items only, as a tree. */
import { atom } from 'nanostores';
import { isOk } from '../api/http.ts';
import { call } from '../api/call.ts';
import { navigationList } from '../api/generated/navigation.ts';
import { navigationTree } from '../lib/tree.ts';
import type { NavNode } from '../lib/tree.ts';

/** Spec §9: page 1, size 10000 — the whole list in one call. */
export const NAVIGATION_QUERY = { page: 1, size: 10000 } as const;

export const $navigation = atom<NavNode[]>([]);

/** Seeds the store with the tree rendered at build time. */
export function initNavigation(tree: NavNode[] | null | undefined): void {
  $navigation.set(tree ?? []);
}

/** Reloads the list and rebuilds the tree; on failure the current tree stays. */
export async function loadNavigation(): Promise<boolean> {
  const r = await call(navigationList, NAVIGATION_QUERY);
  if (isOk(r)) $navigation.set(navigationTree(r.data.navigation));
  return isOk(r);
}
