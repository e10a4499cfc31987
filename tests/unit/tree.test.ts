import { describe, expect, it } from 'vitest';
import { buildTree, categoryTree, flattenTree, navigationTree } from '../../src/lib/tree.ts';
import type { TreeNode } from '../../src/lib/tree.ts';

type Item = { id: number; parent_id?: number; sort?: number; title?: string };
const shape = <T extends Item>(nodes: TreeNode<T>[]): unknown[] =>
  nodes.map((n) => (n.children.length ? { [n.id]: shape(n.children) } : n.id));

describe('buildTree', () => {
  it('nests by parent_id; roots have parent 0, none, or a missing parent', () => {
    const items: Item[] = [
      { id: 1 },
      { id: 2, parent_id: 1 },
      { id: 3, parent_id: 2 },
      { id: 4, parent_id: 0 },
      { id: 5, parent_id: 99 },
    ];
    expect(shape(buildTree(items))).toEqual([{ 1: [{ 2: [3] }] }, 4, 5]);
  });

  it('sorts siblings by sort descending, then id', () => {
    const items: Item[] = [
      { id: 1, sort: 1 },
      { id: 2, sort: 5 },
      { id: 3, sort: 5 },
      { id: 4 },
      { id: 5, parent_id: 2, sort: 0 },
      { id: 6, parent_id: 2, sort: 9 },
    ];
    expect(shape(buildTree(items))).toEqual([{ 2: [6, 5] }, 3, 1, 4]);
  });

  it('does not mutate the input and survives self-parents and cycles', () => {
    const items: Item[] = [
      { id: 1, parent_id: 1 },
      { id: 2, parent_id: 3 },
      { id: 3, parent_id: 2 },
      { id: 4, parent_id: 3 },
    ];
    const copy = structuredClone(items);
    const tree = buildTree(items);
    expect(items).toEqual(copy);
    expect(
      flattenTree(tree)
        .map((n) => n.id)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    expect(tree.map((n) => n.id)).toContain(1);
  });

  it('flattens depth first', () => {
    const items: Item[] = [
      { id: 1, sort: 2 },
      { id: 2, parent_id: 1 },
      { id: 3, sort: 1 },
    ];
    expect(flattenTree(buildTree(items)).map((n) => n.id)).toEqual([1, 2, 3]);
  });
});

describe('categoryTree', () => {
  it('fills defaults and disables children of disabled parents, recursively', () => {
    const tree = categoryTree([
      { id: 1, title: '教育', enable: false },
      { id: 2, parent_id: 1, title: '小学', enable: true },
      { id: 3, parent_id: 2, title: '语文', enable: true },
      { id: 4, title: '文章', enable: true, type: 1 },
      { id: 5, parent_id: 4, title: '新闻' },
    ]);
    const all = flattenTree(tree);
    expect(all.map((c) => [c.id, c.enable])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
      [5, false],
    ]);
    expect(all[0]).toMatchObject({ doc_count: 0, cover: '', show_description: false, type: 0 });
    expect(all[3]?.type).toBe(1);
  });
});

describe('navigationTree', () => {
  it('keeps enabled items only; a disabled parent removes its subtree', () => {
    const tree = navigationTree([
      { id: 1, title: '首页', enable: true, sort: 10 },
      { id: 2, title: '隐藏', enable: false },
      { id: 3, parent_id: 2, title: '子项', enable: true },
      { id: 4, parent_id: 1, title: '子', enable: true },
      { id: 5, parent_id: 1, title: '关', enable: false },
      { id: 6, title: '文章', enable: true },
    ]);
    expect(shape(tree)).toEqual([{ 1: [4] }, 6]);
    expect(tree[0]).toMatchObject({ href: '', target: '', fixed: false });
  });
});
