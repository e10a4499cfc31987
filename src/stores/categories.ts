/** Document and article categories as one tree (spec §3); disabled parents disable their children. */
import { atom, computed } from 'nanostores';
import { call } from '../api/call.ts';
import { categoryList } from '../api/generated/category.ts';
import { isOk } from '../api/http.ts';
import { categoryTree, flattenTree } from '../lib/tree.ts';
import type { CategoryNode } from '../lib/tree.ts';

/** Columns the site needs (spec §7: `field` list) and both category types. */
export const CATEGORY_QUERY = {
  field: ['id', 'parent_id', 'title', 'cover', 'icon', 'doc_count', 'enable', 'sort', 'description', 'show_description', 'type'],
  type: [0, 1],
};

export const $categories = atom<CategoryNode[]>([]);

/** Every node of the tree by id, for breadcrumbs and lookups. */
export const $categoryById = computed($categories, (tree) => new Map(flattenTree(tree).map((c) => [c.id, c])));

/** Roots of one type: 0 documents, 1 articles. */
export function categoriesOfType(tree: readonly CategoryNode[], type: 0 | 1): CategoryNode[] {
  return tree.filter((c) => c.type === type);
}

/** Seeds the store with the tree rendered at build time. */
export function initCategories(tree: CategoryNode[] | null | undefined): void {
  $categories.set(tree ?? []);
}

/** Reloads both category types; on failure the current tree stays. */
export async function loadCategories(): Promise<boolean> {
  const r = await call(categoryList, CATEGORY_QUERY);
  if (isOk(r)) $categories.set(categoryTree(r.data.category));
  return isOk(r);
}
