/** 编辑附件 drawer → PUT /attachment (名称, 是否合法, 描述). */
import { Alert, App, Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { updateAttachment } from '../../../../api/admin-operations.ts';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { Attachment } from '../../../../api/types.ts';
import { FormDrawer } from '../../components/FormDrawer.tsx';

interface Values {
  name: string;
  enable: boolean;
  description: string;
}

export function AttachmentForm(props: { open: boolean; value: Attachment | null; onClose: () => void; onSaved: () => void }) {
  const { open, value, onClose, onSaved } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const initial: Values = { name: value?.name ?? '', enable: value?.enable ?? true, description: value?.description ?? '' };

  const submit = async () => {
    if (!value) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    const r = await updateAttachment({ id: value.id, name: v.name.trim(), enable: Boolean(v.enable), description: v.description ?? '' });
    setSaving(false);
    if (!isOk(r)) {
      message.error(messageOf(r, '编辑失败'));
      return;
    }
    message.success('编辑成功');
    onSaved();
  };

  return (
    <FormDrawer open={open} title="编辑附件" onClose={onClose} onSubmit={submit} submitting={saving} testId="attachment-drawer">
      <Form key={value?.id ?? 0} form={form} layout="vertical" initialValues={initial} clearOnDestroy>
        <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入附件名称' }]}>
          <Input maxLength={200} placeholder="请输入附件名称" data-testid="attachment-name" />
        </Form.Item>
        <Form.Item name="enable" label="是否合法" valuePropName="checked">
          <Switch checkedChildren="合法" unCheckedChildren="非法" data-testid="attachment-enable" />
        </Form.Item>
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 24 }}
          title="标记为非法后，该文件（按 MD5 识别）将禁止再次上传。"
        />
        <Form.Item name="description" label="描述">
          <Input.TextArea rows={3} maxLength={255} showCount placeholder="请输入附件描述" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
