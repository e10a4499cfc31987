import { fillZero } from '../api/call.ts';
import { categoryList } from '../api/generated/category.ts';
import { navigationList } from '../api/generated/navigation.ts';
import type { Category, Navigation } from '../api/types.ts';

export interface TreeItem {
  id?: number;
  parent_id?: number;
  sort?: number;
}

/** A node with its children (always an array, possibly empty). */
export type TreeNode<T> = T & { children: TreeNode<T>[] };
export type CategoryNode = TreeNode<Category>;
export type NavNode = TreeNode<Navigation>;
/** Categories by id (what the URL builders walk for a category chain). */
export type CategoryIndex = ReadonlyMap<number, CategoryNode>;

function bySortThenId(a: TreeItem, b: TreeItem): number {
  return (b.sort ?? 0) - (a.sort ?? 0) || (a.id ?? 0) - (b.id ?? 0);
}

function sortDeep<T extends TreeItem>(nodes: TreeNode<T>[]): void {
  nodes.sort(bySortThenId);
  for (const n of nodes) sortDeep(n.children);
}

/**
 * Flat list → tree by `parent_id`. Roots are items whose parent is 0, absent, itself or
 * not in the list. Nodes caught in a parent cycle (bad data) become roots instead of
 * vanishing. Children are ordered by `sort` descending, then `id`. Inputs are not mutated.
 */
export function buildTree<T extends TreeItem>(items: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<number, TreeNode<T>>();
  for (const item of items) nodes.set(item.id ?? 0, { ...item, children: [] });
  const roots: TreeNode<T>[] = [];
  const parentOf = new Map<TreeNode<T>, TreeNode<T>>();
  for (const node of nodes.values()) {
    const pid = node.parent_id ?? 0;
    const parent = pid && pid !== node.id ? nodes.get(pid) : undefined;
    if (parent) {
      parent.children.push(node);
      parentOf.set(node, parent);
    } else roots.push(node);
  }
  const seen = new Set<TreeNode<T>>();
  const mark = (n: TreeNode<T>): void => {
    seen.add(n);
    for (const c of n.children) if (!seen.has(c)) mark(c);
  };
  roots.forEach(mark);
  for (const node of nodes.values()) {
    if (seen.has(node)) continue;
    // Unreachable ⇒ its ancestors loop; climb to a node on the loop and cut it loose.
    const chain = new Set<TreeNode<T>>();
    let cut = node;
    while (!chain.has(cut)) {
      chain.add(cut);
      cut = parentOf.get(cut) ?? cut;
    }
    const parent = parentOf.get(cut);
    if (parent) parent.children = parent.children.filter((c) => c !== cut);
    roots.push(cut);
    mark(cut);
  }
  sortDeep(roots);
  return roots;
}

/** Depth-first list of a tree's nodes (parents before children). */
export function flattenTree<T>(nodes: readonly TreeNode<T>[]): TreeNode<T>[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children)]);
}

/** Category tree with defaults filled; a child of a disabled parent counts as disabled (spec §3). */
export function categoryTree(items: readonly Partial<Category>[]): CategoryNode[] {
  const roots = buildTree(fillZero<{ category: Category[] }>(categoryList.zero, { category: items }).category);
  const propagate = (nodes: CategoryNode[], parentEnabled: boolean): void => {
    for (const n of nodes) {
      n.enable = n.enable && parentEnabled;
      propagate(n.children, n.enable);
    }
  };
  propagate(roots, true);
  return roots;
}

/** Navigation tree of enabled items only; a disabled item takes its whole subtree with it (spec §7). */
export function navigationTree(items: readonly Partial<Navigation>[]): NavNode[] {
  const prune = (nodes: NavNode[]): NavNode[] =>
    nodes.filter((n) => n.enable).map((n) => ({ ...n, children: prune(n.children) }));
  return prune(buildTree(fillZero<{ navigation: Navigation[] }>(navigationList.zero, { navigation: items }).navigation));
}
