/** Public navigation (spec §7): enabled items only, as a tree. */
import { call } from '../api/call.ts';
import { navigationList } from '../api/generated/navigation.ts';
import { navigationTree } from '../lib/tree.ts';
import { treeStore } from './tree-store.ts';

/** Spec §9: page 1, size 10000 — the whole list in one call. */
export const NAVIGATION_QUERY = { page: 1, size: 10000 } as const;

const navigation = treeStore(
  () => call(navigationList, NAVIGATION_QUERY),
  (d) => navigationTree(d.navigation),
);
export const { $tree: $navigation, init: initNavigation, load: loadNavigation } = navigation;
