/** 删除用户: lists the users with their documents and articles; needs the admin's own password. */
import { Form, Input, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { User } from '../../../../api/types.ts';
import { DrawerNote, FormDrawer } from '../../components/FormDrawer.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import { call } from '../../../../api/call.ts';
import { userAdminDelete } from '../../../../api/generated/user-admin.ts';
import { requiredField } from '../../../common/formRules.ts';

/** Why a user cannot be deleted, or '' when it can. */
export function undeletableReason(u: User): string {
  if (u.id === 1) return '不可删除：超级管理员';
  if (u.doc_count > 0 || u.article_count > 0) return '不可删除：该用户有文档或文章，请先处理';
  return '';
}

const columns: TableColumnsType<User> = [
  { title: 'ID', dataIndex: 'id', width: 70 },
  { title: '用户名', dataIndex: 'username' },
  { title: '文档', dataIndex: 'doc_count', width: 80 },
  { title: '文章', dataIndex: 'article_count', width: 80 },
  {
    title: '检查',
    key: 'check',
    render: (_: unknown, u) => {
      const reason = undeletableReason(u);
      return reason ? <Tag color="red">{reason}</Tag> : <Tag color="green">可删除</Tag>;
    },
  },
];

export function UserDeleteDrawer(props: { open: boolean; users: User[]; onClose: () => void; onDeleted: () => void }) {
  const { open, users, onClose, onDeleted } = props;
  const ids = users.filter((u) => !undeletableReason(u)).map((u) => u.id);
  const { form, saving, save } = useSaveForm<{ password: string }>({
    onSaved: onDeleted,
    texts: { ok: `已删除 ${ids.length} 个用户`, fail: '删除失败' },
  });
  const submit = () => save((v) => (ids.length ? () => call(userAdminDelete, { id: ids, password: v.password }) : null));

  return (
    <FormDrawer
      open={open}
      title="删除用户"
      onClose={onClose}
      onSubmit={submit}
      submitting={saving}
      submitText="确认删除"
      submitDisabled={!ids.length}
      danger
      testId="user-delete-drawer"
    >
      <DrawerNote title="温馨提示" description="删除用户将同时删除其所有相关数据，且不可恢复。有文档或文章的用户不能删除。" />
      <Table rowKey="id" size="small" columns={columns} dataSource={users} pagination={false} style={{ marginBottom: 16 }} />
      <Form key={users.map((u) => u.id).join(',')} form={form} layout="vertical">
        <Form.Item
          name="password"
          label="管理员密码"
          extra="请输入您自己的登录密码以确认删除"
          rules={requiredField('请输入您的登录密码')}
        >
          <Input.Password autoComplete="current-password" placeholder="请输入您的登录密码" data-testid="delete-password" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
