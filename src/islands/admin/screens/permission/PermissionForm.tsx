/** 编辑权限: method and path are read-only; only 名称 and 描述 change (PUT /permission). */
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import { updatePermission } from '../../../../api/permission.ts';
import type { Permission } from '../../../../api/types.ts';
import { FormDrawer } from '../../components/FormDrawer.tsx';

interface Values {
  title: string;
  description: string;
}

export function PermissionForm(props: { open: boolean; permission: Permission | null; onClose: () => void; onSaved: () => void }) {
  const { open, permission, onClose, onSaved } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!permission) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    const r = await updatePermission({ id: permission.id, title: (v.title ?? '').trim(), description: v.description ?? '' });
    setSaving(false);
    if (!isOk(r)) {
      message.error(messageOf(r, '编辑失败'));
      return;
    }
    message.success('编辑成功');
    onSaved();
  };

  return (
    <FormDrawer open={open} title="编辑权限" onClose={onClose} onSubmit={submit} submitting={saving} testId="permission-drawer">
      <Form
        key={permission?.id ?? 0}
        form={form}
        layout="vertical"
        initialValues={{ title: permission?.title ?? '', description: permission?.description ?? '' }}
      >
        <Form.Item label="Method">
          <Input value={permission?.method ?? ''} readOnly disabled />
        </Form.Item>
        <Form.Item label="API">
          <Input value={permission?.path ?? ''} readOnly disabled />
        </Form.Item>
        <Form.Item name="title" label="名称" rules={[{ max: 64, message: '权限名称最多64个字符' }]}>
          <Input placeholder="请输入权限名称" data-testid="permission-title" />
        </Form.Item>
        <Form.Item name="description" label="描述">
          <Input.TextArea rows={3} maxLength={255} showCount placeholder="请输入权限描述" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
