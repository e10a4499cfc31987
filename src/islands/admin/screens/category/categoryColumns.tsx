/** Columns and rows of the category tree table (screens §8.3). */
import { Image } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Category } from '../../../../api/types.ts';
import { boolColumn, idColumn, sortColumn, stampColumns } from '../../components/columns.tsx';
import { actionsColumn } from '../../components/rowActions.tsx';

export type CategoryRow = Category & { children?: CategoryRow[] };

const picture = (src: string, width: number) =>
  src ? <Image src={src} alt="" width={width} height={40} style={{ objectFit: 'contain' }} /> : '-';

export function categoryColumns(
  type: 0 | 1,
  actions: { onAdd: (c: Category) => void; onEdit: (c: Category) => void; onDelete: (c: Category) => void },
): TableColumnsType<CategoryRow> {
  return [
    { title: '名称', dataIndex: 'title', width: 240, fixed: 'left' },
    idColumn(false),
    boolColumn('是否启用', 'enable', 90),
    boolColumn('显示描述', 'show_description', 90),
    sortColumn(),
    { title: '图标', dataIndex: 'icon', width: 80, render: (v: string) => picture(v, 40) },
    { title: '封面', dataIndex: 'cover', width: 110, render: (v: string) => picture(v, 80) },
    { title: type === 0 ? '文档数' : '文章数', dataIndex: 'doc_count', width: 80 },
    { title: '分类描述', dataIndex: 'description', width: 220, ellipsis: true, render: (v: string) => v || '-' },
    ...stampColumns<CategoryRow>(),
    actionsColumn<CategoryRow>(190, (c) => [
      { label: '新增子分类', onClick: () => actions.onAdd(c) },
      { label: '编辑', onClick: () => actions.onEdit(c), testId: `category-edit-${c.id}` },
      { label: '删除', onClick: () => actions.onDelete(c), danger: true },
    ]),
  ];
}
