/** Columns of 回收站 (screens §8.3). */
import type { TableColumnsType } from 'antd';
import type { Document } from '../../../../api/document.ts';
import type { Category } from '../../../../api/types.ts';
import { actionsColumn } from '../../components/rowActions.tsx';
import { dateColumn, idColumn } from '../../components/columns.tsx';
import { categoryPath } from '../document/common/useDocOptions.ts';
import { DocumentStatusTag } from '../../../common/DocumentStatusTag.tsx';

const count = (key: keyof Document, title: string) => ({ title, dataIndex: key, width: 70 });
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
    { title: '状态', dataIndex: 'status', width: 100, render: (s: number) => <DocumentStatusTag status={s} /> },
    {
      title: '分类',
      dataIndex: 'category_id',
      width: 200,
      ellipsis: true,
      render: (ids: number[] | undefined) => categoryPath(ids, byId),
    },
    count('pages', '页数'),
    count('price', '价格'),
    count('download_count', '下载'),
    count('view_count', '浏览'),
    count('favorite_count', '收藏'),
    count('comment_count', '评论'),
    { title: '关键字', dataIndex: 'keywords', width: 180, ellipsis: true, render: (v: string) => v || '-' },
    dateColumn('创建时间', 'created_at'),
    actionsColumn<Document>(120, (d) => [
      { label: '恢复', onClick: () => actions.onRecover(d), testId: `admin-recycle-recover-${d.id}` },
      { label: '删除', onClick: () => actions.onDelete(d), danger: true },
    ]),
  ];
}
