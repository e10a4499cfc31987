/** Document and article categories as one tree (spec §3); disabled parents disable their children. */
import { computed } from 'nanostores';
import { call } from '../api/call.ts';
import { categoryList } from '../api/generated/category.ts';
import { categoryTree, flattenTree } from '../lib/tree.ts';
import type { CategoryNode } from '../lib/tree.ts';
import { treeStore } from './tree-store.ts';

/** Columns the site needs (spec §7: `field` list) and both category types. */
export const CATEGORY_QUERY = {
  field: ['id', 'parent_id', 'title', 'cover', 'icon', 'doc_count', 'enable', 'sort', 'description', 'show_description', 'type'],
  type: [0, 1],
};

const categories = treeStore(
  () => call(categoryList, CATEGORY_QUERY),
  (d) => categoryTree(d.category),
);
/** loadCategories reloads both category types. */
export const { $tree: $categories, init: initCategories, load: loadCategories } = categories;

/** Every node of the tree by id, for breadcrumbs and lookups. */
export const $categoryById = computed($categories, (tree) => new Map(flattenTree(tree).map((c) => [c.id, c])));

/** Roots of one type: 0 documents, 1 articles. */
export function categoriesOfType(tree: readonly CategoryNode[], type: 0 | 1): CategoryNode[] {
  return tree.filter((c) => c.type === type);
}
