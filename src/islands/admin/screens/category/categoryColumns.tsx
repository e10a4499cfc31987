/** Columns and rows of the category tree table (screens §8.3). */
import { Button, Image, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Category } from '../../../../api/types.ts';
import type { CategoryNode } from '../../../../lib/tree.ts';
import { BoolTag, DateTime } from '../../components/cells.tsx';

export type CategoryRow = Category & { children?: CategoryRow[] };

/** Tree nodes as table rows: leaves carry no `children`, so no expand icon is drawn. */
export function toRows(nodes: readonly CategoryNode[]): CategoryRow[] {
  return nodes.map(({ children, ...n }) => (children.length ? { ...n, children: toRows(children) } : n));
}

const picture = (src: string, width: number) =>
  src ? <Image src={src} alt="" width={width} height={40} style={{ objectFit: 'contain' }} /> : '-';

export function categoryColumns(
  type: 0 | 1,
  actions: { onAdd: (c: Category) => void; onEdit: (c: Category) => void; onDelete: (c: Category) => void },
): TableColumnsType<CategoryRow> {
  return [
    { title: '名称', dataIndex: 'title', width: 240, fixed: 'left' },
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: '是否启用', dataIndex: 'enable', width: 90, render: (v: boolean) => <BoolTag value={v} /> },
    { title: '显示描述', dataIndex: 'show_description', width: 90, render: (v: boolean) => <BoolTag value={v} /> },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '图标', dataIndex: 'icon', width: 80, render: (v: string) => picture(v, 40) },
    { title: '封面', dataIndex: 'cover', width: 110, render: (v: string) => picture(v, 80) },
    { title: type === 0 ? '文档数' : '文章数', dataIndex: 'doc_count', width: 80 },
    { title: '分类描述', dataIndex: 'description', width: 220, ellipsis: true, render: (v: string) => v || '-' },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      fixed: 'right',
      render: (_: unknown, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => actions.onAdd(c)}>
            新增子分类
          </Button>
          <Button type="link" size="small" onClick={() => actions.onEdit(c)} data-testid={`category-edit-${c.id}`}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => actions.onDelete(c)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
}
