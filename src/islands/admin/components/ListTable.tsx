/**
 * The table card of an admin list: server pages bound to the URL (10/20/50/100, 共 N 条) and row
 * selection; `TreeTable` shows a whole tree (categories, navigation) instead of pages.
 */
import { Card, Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { useMemo } from 'react';
import { buildTree } from '../../../lib/tree.ts';
import type { TreeItem, TreeNode } from '../../../lib/tree.ts';
import { tableFocusFixes, useTableBase } from '../../common/useListData.ts';
import type { ListPage } from '../hooks/useListPage.ts';
import { urlPagination } from '../hooks/useUrlQuery.ts';

export interface ListTableProps<T> {
  list: ListPage<T>;
  columns: TableColumnsType<T>;
  /** Horizontal scroll width. */
  scrollX: number;
  onRow?: TableProps<T>['onRow'];
  /** Replacement table parts (e.g. a header cell carrying a test id). */
  components?: TableProps<T>['components'];
  /** Rows can be selected (default); a function tells which ones. */
  selectable?: boolean | ((row: T) => boolean);
}

function selection<T>(
  list: ListPage<T>,
  selectable: ListTableProps<T>['selectable'],
  tree = false,
): TableProps<T>['rowSelection'] {
  if (!selectable) return undefined;
  return {
    selectedRowKeys: list.selected,
    onChange: list.setSelected,
    // a tree row is selected on its own, not with its children
    ...(tree ? { checkStrictly: true } : {}),
    ...(typeof selectable === 'function' ? { getCheckboxProps: (row: T) => ({ disabled: !selectable(row) }) } : {}),
  };
}

export function ListTable<T extends object>({ list, columns, scrollX, onRow, components, selectable = true }: ListTableProps<T>) {
  const rowSelection = selection(list, selectable);
  const base = useTableBase(list, columns, scrollX);
  return (
    <Card size="small" ref={tableFocusFixes}>
      <Table<T>
        {...base}
        onRow={onRow}
        components={components}
        rowSelection={rowSelection}
        pagination={urlPagination(list.q, list.total)}
      />
    </Card>
  );
}

type TreeRow<T> = T & { children?: TreeRow<T>[] };

/** Tree nodes as table rows: leaves carry no `children`, so no expand icon is drawn. */
function treeRows<T>(nodes: readonly TreeNode<T>[]): TreeRow<T>[] {
  return nodes.map(({ children, ...n }): TreeRow<T> =>
    children.length ? { ...(n as T), children: treeRows(children) } : (n as TreeRow<T>),
  );
}

/** The whole tree of `list.rows` (by `parent_id`), expanded, without pages. */
export function TreeTable<T extends TreeItem & object>({ list, columns, scrollX, selectable = true }: ListTableProps<T>) {
  const rows = useMemo(() => treeRows(buildTree(list.rows)), [list.rows]);
  const base = useTableBase<T>({ rows, loading: list.loading }, columns, scrollX);
  return (
    <Card size="small" ref={tableFocusFixes}>
      <Table<T>
        key={rows.length ? `tree-${list.rows.length}` : 'empty'}
        {...base}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        rowSelection={selection(list, selectable, true)}
      />
    </Card>
  );
}
