/** Columns of 回收站 (screens §8.3). */
import type { TableColumnsType } from 'antd';
import type { Document } from '../../../../contract/document.ts';
import type { Category } from '../../../../api/types.ts';
import { actionsColumn } from '../../components/rowActions.tsx';
import { dateColumn, idColumn } from '../../components/columns.tsx';
import { documentCategoryColumn, documentCountColumns, documentStatusColumn } from '../document/documentColumns.tsx';

const name = (v: string | undefined, id: number) => v || (id ? `#${id}` : '-');

export function recycleColumns(
  byId: ReadonlyMap<number, Category>,
  actions: { onRecover: (d: Document) => void; onDelete: (d: Document) => void },
): TableColumnsType<Document> {
  return [
    idColumn(),
    { title: '名称', dataIndex: 'title', width: 240, ellipsis: true, fixed: 'left' },
    { title: '上传者', dataIndex: 'username', width: 110, render: (v: string | undefined, d) => name(v, d.user_id) },
    {
      title: '删除者',
      dataIndex: 'deleted_username',
      width: 110,
      render: (v: string | undefined, d) => name(v, d.deleted_user_id),
    },
    dateColumn('删除时间', 'deleted_at'),
    documentStatusColumn,
    documentCategoryColumn(byId),
    ...documentCountColumns(),
    { title: '关键字', dataIndex: 'keywords', width: 180, ellipsis: true, render: (v: string) => v || '-' },
    dateColumn('创建时间', 'created_at'),
    actionsColumn<Document>(120, (d) => [
      { label: '恢复', onClick: () => actions.onRecover(d), testId: `admin-recycle-recover-${d.id}` },
      { label: '删除', onClick: () => actions.onDelete(d), danger: true },
    ]),
  ];
}
