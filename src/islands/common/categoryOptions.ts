/** Enabled document categories as Cascader options (upload batch, editing one's document). */
import type { CategoryNode } from '../../lib/tree.ts';

export interface CategoryOption {
  value: number;
  label: string;
  children?: CategoryOption[];
}

export const documentCategoryOptions = (nodes: readonly CategoryNode[]): CategoryOption[] =>
  nodes
    .filter((c) => c.type === 0 && c.enable)
    .map((c) => ({
      value: c.id,
      label: c.title,
      ...(c.children.length ? { children: documentCategoryOptions(c.children) } : {}),
    }));
