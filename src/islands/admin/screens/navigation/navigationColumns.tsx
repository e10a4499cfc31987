/** Columns and rows of the navigation tree table. */
import { Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Navigation } from '../../../../api/types.ts';
import { boolColumn, sortColumn, stampColumns } from '../../components/columns.tsx';
import { actionsColumn } from '../../components/rowActions.tsx';

export type NavRow = Navigation & { children?: NavRow[] };

export function navigationColumns(actions: {
  onEdit: (row: Navigation) => void;
  onDelete: (row: Navigation) => void;
}): TableColumnsType<NavRow> {
  return [
    {
      title: '名称',
      dataIndex: 'title',
      width: 220,
      fixed: 'left',
      render: (title: string, row) => (
        <Space>
          <a href={row.href || '#'} target="_blank" rel="noreferrer" style={row.color ? { color: row.color } : undefined}>
            {title}
          </a>
          {row.fixed && <Tag>内置</Tag>}
        </Space>
      ),
    },
    boolColumn('启用', 'enable', 80),
    { title: '链接', dataIndex: 'href', width: 220, ellipsis: true, render: (v: string) => v || '-' },
    {
      title: '打开方式',
      dataIndex: 'target',
      width: 110,
      render: (v: string) => (v === '_blank' ? '新标签页' : '当前页'),
    },
    sortColumn(80),
    { title: '描述', dataIndex: 'description', width: 200, ellipsis: true, render: (v: string) => v || '-' },
    ...stampColumns<NavRow>(180),
    actionsColumn<NavRow>(140, (row) => [
      { label: '编辑', onClick: () => actions.onEdit(row) },
      { label: '删除', onClick: () => actions.onDelete(row), danger: true, disabled: row.fixed },
    ]),
  ];
}
