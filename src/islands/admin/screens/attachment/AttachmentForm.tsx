/** 编辑附件 drawer → PUT /attachment (名称, 是否合法, 描述). */
import { Alert, Form, Input, Switch } from 'antd';
import { call } from '../../../../api/call.ts';
import { attachmentUpdate } from '../../../../api/generated/attachment.ts';
import type { Attachment } from '../../../../api/types.ts';
import { DescriptionItem, valuesOf } from '../../components/formItems.tsx';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { requiredText } from '../../../common/formRules.ts';

interface Values {
  name: string;
  enable: boolean;
  description: string;
}

export function AttachmentForm(props: EditDrawerProps<Attachment>) {
  const { value } = props;
  const saver = useSaveForm<Values>({
    ...props,
    initialValues: valuesOf(value, { name: '', enable: true, description: '' }),
  });
  const submit = () =>
    saver.save(
      (v) =>
        value &&
        (() =>
          call(attachmentUpdate, {
            id: value.id,
            name: v.name.trim(),
            enable: Boolean(v.enable),
            description: v.description ?? '',
          })),
    );

  return (
    <DrawerForm {...saver.drawer} title="编辑附件" onSubmit={submit} testId="attachment-drawer">
      <Form.Item name="name" label="名称" rules={requiredText('请输入附件名称')}>
        <Input maxLength={200} placeholder="请输入附件名称" data-testid="attachment-name" />
      </Form.Item>
      <Form.Item name="enable" label="是否合法" valuePropName="checked">
        <Switch checkedChildren="合法" unCheckedChildren="非法" data-testid="attachment-enable" />
      </Form.Item>
      <Alert type="warning" showIcon style={{ marginBottom: 24 }} title="标记为非法后，该文件（按 MD5 识别）将禁止再次上传。" />
      <DescriptionItem placeholder="请输入附件描述" />
    </DrawerForm>
  );
}
