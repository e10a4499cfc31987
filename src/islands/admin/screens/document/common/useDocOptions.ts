/** Categories (every one, disabled included) and languages for the document screens' filters and forms. */
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { call } from '../../../../../api/call.ts';
import { categoryList } from '../../../../../api/generated/category.ts';
import { isOk, mapOk, messageOf } from '../../../../../api/http.ts';
import { languageList } from '../../../../../api/generated/language.ts';
import type { Category, Language } from '../../../../../api/types.ts';
import { buildTree } from '../../../../../lib/tree.ts';
import type { CategoryNode, TreeNode } from '../../../../../lib/tree.ts';
import { useAllRows } from '../../../hooks/useAllRows.ts';

export interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

type OptionNode = TreeNode<{ id: number; title: string; enable: boolean }>;

/** TreeSelect data; `exclude` drops one node and its subtree (a node cannot be its own parent). */
export function treeOptions(nodes: readonly OptionNode[], exclude = 0): TreeOption[] {
  return nodes
    .filter((n) => n.id !== exclude)
    .map((n) => ({
      value: n.id,
      title: n.enable ? n.title : `${n.title}（已禁用）`,
      children: treeOptions(n.children, exclude),
    }));
}

export interface CategoryData {
  items: Category[];
  tree: CategoryNode[];
  byId: Map<number, Category>;
  options: TreeOption[];
  loading: boolean;
  reload: () => Promise<void>;
}

/** Every category of one type (0 documents, 1 articles), with an optional admin keyword/state filter. */
export function useCategories(type: 0 | 1, filter: { wd?: string; enable?: boolean[] } = {}): CategoryData {
  const { message } = App.useApp();
  const [items, setItems] = useState<Category[]>([]);
  const [loading, setLoading] = useState(false);
  const wd = filter.wd ?? '';
  const enable = (filter.enable ?? []).join(',');

  const reload = useCallback(async () => {
    setLoading(true);
    const r = await call(categoryList, {
      type: [type],
      ...(wd ? { wd } : {}),
      ...(enable ? { enable: enable.split(',').map((s) => s === 'true') } : {}),
    });
    setLoading(false);
    if (isOk(r)) setItems(r.data.category);
    else message.error(messageOf(r, '获取分类失败'));
  }, [type, wd, enable, message]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return useMemo(() => {
    const tree = buildTree(items);
    return { items, tree, byId: new Map(items.map((c) => [c.id, c])), options: treeOptions(tree), loading, reload };
  }, [items, loading, reload]);
}

/** Every language (disabled ones included), best first. */
export const useLanguages = (): Language[] =>
  useAllRows(async () => mapOk(await call(languageList, { page: 1, size: 1000 }), (d) => d.language), '获取语言失败');

export const languageOptions = (languages: readonly Language[]) =>
  languages.map((l) => ({
    value: l.code,
    label: l.enable ? `${l.language}（${l.code}）` : `${l.language}（${l.code}，已禁用）`,
  }));

/** `A / B / C` for a document's category ids (top-down as the server sends them). */
export function categoryPath(ids: readonly number[] | undefined, byId: ReadonlyMap<number, Category>): string {
  const titles = (ids ?? []).map((id) => byId.get(id)?.title).filter((t): t is string => Boolean(t));
  return titles.length ? titles.join(' / ') : '-';
}
