/** Columns of 用户管理 (screens §8.5). */
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Group, User } from '../../../../api/types.ts';
import { actionsColumn } from '../../components/rowActions.tsx';
import { dateColumn, idColumn } from '../../components/columns.tsx';

export interface UserActions {
  onSet: (u: User) => void;
  onCredit: (u: User) => void;
  onEdit: (u: User) => void;
  onDelete: (u: User) => void;
}

const text = (v: string) => v || '-';
const num = (key: keyof User, title: string) => ({ title, dataIndex: key, width: 80 });

export function userColumns(groups: readonly Group[], actions: UserActions, credit: string): TableColumnsType<User> {
  const byId = new Map(groups.map((g) => [g.id, g]));
  return [
    idColumn(),
    {
      title: '头像',
      dataIndex: 'avatar',
      width: 70,
      render: (v: string) => <Avatar src={v || undefined} icon={<UserOutlined />} />,
    },
    { title: '用户名', dataIndex: 'username', width: 140, render: text },
    {
      title: '用户组',
      dataIndex: 'group_id',
      width: 160,
      render: (ids: number[]) =>
        ids.length
          ? ids.map((id) => {
              const g = byId.get(id);
              return (
                <Tag key={id} color={g?.color || 'blue'}>
                  {g?.title ?? `#${id}`}
                </Tag>
              );
            })
          : '-',
    },
    num('doc_count', '文档'),
    num('article_count', '文章'),
    num('credit_count', credit),
    num('favorite_count', '收藏'),
    num('comment_count', '评论'),
    { title: '姓名', dataIndex: 'realname', width: 100, render: text },
    { title: '备注', dataIndex: 'remark', width: 160, ellipsis: true, render: text },
    { title: '邮箱', dataIndex: 'email', width: 200, ellipsis: true, render: text },
    { title: '电话', dataIndex: 'mobile', width: 130, render: text },
    dateColumn('注册时间', 'created_at', 180),
    { title: '注册IP', dataIndex: 'register_ip', width: 140, render: text },
    dateColumn('最后登录', 'login_at', 180),
    { title: '最后登录IP', dataIndex: 'last_login_ip', width: 140, render: text },
    actionsColumn<User>(210, (u) => [
      { label: '充值', onClick: () => actions.onCredit(u) },
      { label: '设置', onClick: () => actions.onSet(u) },
      { label: '编辑', onClick: () => actions.onEdit(u) },
      { label: '删除', onClick: () => actions.onDelete(u), danger: true, disabled: u.id === 1 },
    ]),
  ];
}
