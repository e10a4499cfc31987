/** Article categories (type 1) as TreeSelect data, for filters, the batch drawer and the editor. */
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../api/call.ts';
import { categoryList } from '../../api/generated/category.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { buildTree } from '../../lib/tree.ts';
import type { CategoryNode } from '../../lib/tree.ts';

export interface CategoryOption {
  value: number;
  title: string;
  children: CategoryOption[];
}

const toOptions = (nodes: readonly CategoryNode[], enabledOnly: boolean): CategoryOption[] =>
  nodes
    .filter((n) => n.enable || !enabledOnly)
    .map((n) => ({
      value: n.id,
      title: n.enable ? n.title : `${n.title}（已禁用）`,
      children: toOptions(n.children, enabledOnly),
    }));

/** `enabledOnly`: a member's /post offers only enabled categories; the back office sees all, marked. */
export function useArticleCategories(enabledOnly = false): CategoryOption[] {
  const { message } = App.useApp();
  const [options, setOptions] = useState<CategoryOption[]>([]);
  useEffect(() => {
    let alive = true;
    void call(categoryList, { type: [1] }).then((r) => {
      if (!alive) return;
      if (isOk(r)) setOptions(toOptions(buildTree(r.data.category), enabledOnly));
      else message.error(messageOf(r, '获取文章分类失败'));
    });
    return () => {
      alive = false;
    };
  }, [message, enabledOnly]);
  return options;
}
