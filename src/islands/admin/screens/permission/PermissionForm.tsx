/** 编辑权限: method and path are read-only; only 名称 and 描述 change (PUT /permission). */
import { Form, Input } from 'antd';
import type { Permission } from '../../../../api/types.ts';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { valuesOf } from '../../components/formItems.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { ShownItem } from '../../../common/ShownItem.tsx';
import { call } from '../../../../api/call.ts';
import { permissionUpdate } from '../../../../api/generated/permission.ts';

interface Values {
  title: string;
  description: string;
}

export function PermissionForm(props: EditDrawerProps<Permission>) {
  const { value: permission } = props;
  const saver = useSaveForm<Values>({
    ...props,
    initialValues: valuesOf(permission, { title: '', description: '' }),
  });
  const submit = () =>
    saver.save(
      (v) =>
        permission &&
        (() => call(permissionUpdate, { id: permission.id, title: (v.title ?? '').trim(), description: v.description ?? '' })),
    );

  return (
    <DrawerForm {...saver.drawer} title="编辑权限" onSubmit={submit} testId="permission-drawer">
      <ShownItem label="Method" value={permission?.method ?? ''} readOnly />
      <ShownItem label="API" value={permission?.path ?? ''} readOnly />
      <Form.Item name="title" label="名称" rules={[{ max: 64, message: '权限名称最多64个字符' }]}>
        <Input placeholder="请输入权限名称" data-testid="permission-title" />
      </Form.Item>
      <Form.Item name="description" label="描述">
        <Input.TextArea rows={3} maxLength={255} showCount placeholder="请输入权限描述" />
      </Form.Item>
    </DrawerForm>
  );
}
