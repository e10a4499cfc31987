/** Columns of 角色管理 (screens §8.5). */
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Group } from '../../../../api/types.ts';
import { boolColumn, idColumn, sortColumn, stampColumns } from '../../components/columns.tsx';
import { actionsColumn } from '../../components/rowActions.tsx';

export interface GroupActions {
  onPermission: (g: Group) => void;
  onEdit: (g: Group) => void;
  onDelete: (g: Group) => void;
}

const flag = (key: keyof Group, title: string, width = 110) => boolColumn<Group>(title, key, width);

export function groupColumns(actions: GroupActions): TableColumnsType<Group> {
  return [
    idColumn(),
    {
      title: '名称',
      dataIndex: 'title',
      width: 140,
      render: (v: string, g) => <Tag color={g.color || undefined}>{v}</Tag>,
    },
    sortColumn(),
    { title: '用户数', dataIndex: 'user_count', width: 80 },
    flag('is_default', '默认组', 80),
    flag('enable_upload', '允许上传文档'),
    flag('enable_document_review', '文档需要审核'),
    flag('enable_comment', '允许评论', 90),
    flag('enable_comment_approval', '评论需审核', 100),
    flag('enable_article', '允许发布文章'),
    flag('enable_article_approval', '文章需要审核'),
    { title: '描述', dataIndex: 'description', width: 200, ellipsis: true, render: (v: string) => v || '-' },
    ...stampColumns<Group>(180),
    actionsColumn<Group>(200, (g) => [
      { label: '管理授权', onClick: () => actions.onPermission(g), testId: `group-permission-${g.id}` },
      { label: '编辑', onClick: () => actions.onEdit(g) },
      { label: '删除', onClick: () => actions.onDelete(g), danger: true, disabled: g.is_default || g.user_count > 0 },
    ]),
  ];
}
