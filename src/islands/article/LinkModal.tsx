/** Asks for a link address for the editor; empty removes the link. */
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { givenMustPass } from '../common/formRules.ts';

/** http(s), mailto or a path of this site: the schemes the server keeps. */
const LINK = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+|\/(?![/\\])[^\s]*)$/i;

export function LinkModal(props: { open: boolean; initial: string; onCancel: () => void; onOk: (href: string) => void }) {
  const { open, initial, onCancel, onOk } = props;
  const [form] = Form.useForm<{ href: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ href: initial });
  }, [open, initial, form]);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) onOk((v.href ?? '').trim());
  };
  return (
    <Modal open={open} title="插入链接" okText="确定" cancelText="取消" onOk={submit} onCancel={onCancel} forceRender>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="href"
          label="链接地址"
          extra="留空表示移除链接"
          rules={[givenMustPass((v) => LINK.test(v), '请输入 http(s)、mailto 或以 / 开头的站内地址')]}
        >
          <Input placeholder="https://example.com" autoFocus data-testid="article-link-href" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
