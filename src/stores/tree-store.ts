/** A tree every page shows (categories, navigation): seeded with the one rendered at build time, reloaded by its list call. */
import { atom } from 'nanostores';
import { isOk, type ApiResult } from '../api/result.ts';

/** `fetch` is the list call, `toTree` builds the tree from its answer. */
export function treeStore<R, N>(fetch: () => Promise<ApiResult<R>>, toTree: (data: R) => N[]) {
  const $tree = atom<N[]>([]);
  /** Seeds the store with the tree rendered at build time. */
  const init = (tree: N[] | null | undefined): void => $tree.set(tree ?? []);
  /** Reloads the tree; on failure the current tree stays. */
  const load = async (): Promise<boolean> => {
    const r = await fetch();
    if (isOk(r)) $tree.set(toTree(r.data));
    return isOk(r);
  };
  return { $tree, init, load };
}
