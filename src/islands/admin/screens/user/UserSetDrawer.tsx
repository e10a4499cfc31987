/** 新增用户 (POST /user) / 设置用户 (PUT /user: password and roles). */
import { App, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { Group, User } from '../../../../api/types.ts';
import { addUser, setUser } from '../../../../api/user.ts';
import { FormDrawer } from '../../components/FormDrawer.tsx';
import { groupOptions } from '../../hooks/useGroups.ts';

interface Values {
  username: string;
  password?: string;
  email?: string;
  group_id: number[];
}

export function UserSetDrawer(props: {
  open: boolean;
  user: User | null;
  groups: readonly Group[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { open, user, groups, onClose, onSaved } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const creating = !user;

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    const r = user
      ? await setUser({ id: user.id, group_id: v.group_id, password: v.password ?? '' })
      : await addUser({ username: v.username.trim(), password: v.password ?? '', email: (v.email ?? '').trim(), group_id: v.group_id });
    setSaving(false);
    if (!isOk(r)) {
      message.error(messageOf(r, creating ? '新增用户失败' : '设置失败'));
      return;
    }
    message.success(creating ? '新增用户成功' : '设置成功');
    onSaved();
  };

  return (
    <FormDrawer
      open={open}
      title={creating ? '新增用户' : '设置用户'}
      onClose={onClose}
      onSubmit={submit}
      submitting={saving}
      testId="user-set-drawer"
    >
      <Form
        key={user?.id ?? 'new'}
        form={form}
        layout="vertical"
        initialValues={{ username: user?.username ?? '', email: user?.email ?? '', password: '', group_id: user?.group_id ?? [] }}
      >
        <Form.Item
          name="username"
          label="用户名"
          rules={creating ? [{ required: true, whitespace: true, message: '请输入用户名' }, { min: 3, max: 32, message: '用户名长度须为3到32个字符' }] : []}
        >
          <Input readOnly={!creating} disabled={!creating} placeholder="请输入用户名" data-testid="user-username" />
        </Form.Item>
        <Form.Item
          name="password"
          label="密码"
          extra={creating ? undefined : '留空表示不修改密码'}
          rules={[
            ...(creating ? [{ required: true, message: '请输入密码' }] : []),
            { min: 6, message: '密码至少6位' },
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder={creating ? '请输入密码' : '请输入新密码'} data-testid="user-password" />
        </Form.Item>
        <Form.Item
          name="email"
          label="邮箱"
          rules={creating ? [{ required: true, message: '请输入邮箱' }, { type: 'email', message: '邮箱格式不正确' }] : []}
        >
          <Input disabled={!creating} placeholder="请输入邮箱" data-testid="user-email" />
        </Form.Item>
        <Form.Item name="group_id" label="角色" rules={[{ required: true, type: 'array', min: 1, message: '请选择用户角色' }]}>
          <Select mode="multiple" placeholder="请选择用户角色" options={groupOptions(groups)} data-testid="user-groups" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
