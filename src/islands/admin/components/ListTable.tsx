/** The table card of an admin list: server pages bound to the URL (10/20/50/100, 共 N 条) and row selection. */
import { Card, Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { ListPage } from '../hooks/useListPage.ts';
import { urlPagination } from '../hooks/useUrlQuery.ts';

export interface ListTableProps<T> {
  list: ListPage<T>;
  columns: TableColumnsType<T>;
  /** Horizontal scroll width. */
  scrollX: number;
  onRow?: TableProps<T>['onRow'];
}

export function ListTable<T extends object>({ list, columns, scrollX, onRow }: ListTableProps<T>) {
  return (
    <Card size="small">
      <Table<T>
        rowKey="id"
        size="middle"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        scroll={{ x: scrollX }}
        onRow={onRow}
        rowSelection={{ selectedRowKeys: list.selected, onChange: list.setSelected }}
        pagination={urlPagination(list.q, list.total)}
      />
    </Card>
  );
}
