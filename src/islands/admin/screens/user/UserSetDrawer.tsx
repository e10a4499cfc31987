/** 新增用户 (POST /user) / 设置用户 (PUT /user: password and roles). */
import { Form, Input, Select } from 'antd';
import type { Group, User } from '../../../../api/types.ts';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { groupOptions } from '../../hooks/useGroups.ts';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { call } from '../../../../api/call.ts';
import { userAdminAdd, userAdminSet } from '../../../../api/generated/user-admin.ts';
import { EMAIL_RULES, requiredField } from '../../../common/formRules.ts';

interface Values {
  username: string;
  password?: string;
  email?: string;
  group_id: number[];
}

export function UserSetDrawer(props: EditDrawerProps<User> & { groups: readonly Group[] }) {
  const { value: user, groups } = props;
  const creating = !user;
  const saver = useSaveForm<Values>({
    ...props,
    texts: creating ? { ok: '新增用户成功', fail: '新增用户失败' } : { ok: '设置成功', fail: '设置失败' },
    initialValues: { username: user?.username ?? '', email: user?.email ?? '', password: '', group_id: user?.group_id ?? [] },
  });
  const submit = () =>
    saver.save(
      (v) => () =>
        user
          ? call(userAdminSet, { id: user.id, group_id: v.group_id, password: v.password ?? '' })
          : call(userAdminAdd, {
              username: v.username.trim(),
              password: v.password ?? '',
              email: (v.email ?? '').trim(),
              group_id: v.group_id,
            }),
    );

  return (
    <DrawerForm {...saver.drawer} title={creating ? '新增用户' : '设置用户'} onSubmit={submit} testId="user-set-drawer">
      <Form.Item
        name="username"
        label="用户名"
        rules={
          creating
            ? [
                { required: true, whitespace: true, message: '请输入用户名' },
                { min: 3, max: 32, message: '用户名长度须为3到32个字符' },
              ]
            : []
        }
      >
        <Input readOnly={!creating} disabled={!creating} placeholder="请输入用户名" data-testid="user-username" />
      </Form.Item>
      <Form.Item
        name="password"
        label="密码"
        extra={creating ? undefined : '留空表示不修改密码'}
        rules={[...(creating ? requiredField('请输入密码') : []), { min: 6, message: '密码至少6位' }]}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={creating ? '请输入密码' : '请输入新密码'}
          data-testid="user-password"
        />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={creating ? EMAIL_RULES : []}>
        <Input disabled={!creating} placeholder="请输入邮箱" data-testid="user-email" />
      </Form.Item>
      <Form.Item name="group_id" label="角色" rules={[{ required: true, type: 'array', min: 1, message: '请选择用户角色' }]}>
        <Select mode="multiple" placeholder="请选择用户角色" options={groupOptions(groups)} data-testid="user-groups" />
      </Form.Item>
    </DrawerForm>
  );
}
