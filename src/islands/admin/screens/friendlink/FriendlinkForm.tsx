/** 新增 / 编辑友链 drawer: POST /friendlink or PUT /friendlink with the whole row. */
import { App, Form, Input, InputNumber, Switch } from 'antd';
import { useState } from 'react';
import { createFriendlink, updateFriendlink } from '../../../../api/admin-site.ts';
import type { Friendlink, FriendlinkFields } from '../../../../api/admin-site.ts';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { ApiResult } from '../../../../api/http.ts';
import { isHttpUrl } from '../../../../contract/friendlink.ts';
import { FormDrawer } from '../../components/FormDrawer.tsx';

export function FriendlinkForm(props: { open: boolean; value: Friendlink | null; onClose: () => void; onSaved: () => void }) {
  const { open, value, onClose, onSaved } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<FriendlinkFields>();
  const [saving, setSaving] = useState(false);

  const initial: FriendlinkFields = {
    title: value?.title ?? '',
    link: value?.link ?? '',
    sort: value?.sort ?? 0,
    enable: value ? value.enable : true,
    description: value?.description ?? '',
  };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: FriendlinkFields = {
      title: v.title.trim(),
      link: v.link.trim(),
      sort: v.sort ?? 0,
      enable: Boolean(v.enable),
      description: v.description ?? '',
    };
    setSaving(true);
    const r: ApiResult<unknown> = value ? await updateFriendlink({ ...body, id: value.id }) : await createFriendlink(body);
    setSaving(false);
    if (!isOk(r)) {
      message.error(messageOf(r, value ? '编辑失败' : '新增失败'));
      return;
    }
    message.success(value ? '编辑成功' : '新增成功');
    onSaved();
  };

  return (
    <FormDrawer open={open} title={value ? '编辑友链' : '新增友链'} onClose={onClose} onSubmit={submit} submitting={saving} testId="friendlink-drawer">
      <Form key={value?.id ?? 'new'} form={form} layout="vertical" initialValues={initial}>
        <Form.Item
          name="title"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请输入友链名称' },
            { max: 64, message: '友链名称最多64个字符' },
          ]}
        >
          <Input placeholder="请输入友链名称" maxLength={64} data-testid="friendlink-title" />
        </Form.Item>
        <Form.Item
          name="link"
          label="地址"
          extra="如 https://mnt.ltd"
          rules={[
            { required: true, whitespace: true, message: '请输入友链地址' },
            { validator: async (_, v: string) => (!v?.trim() || isHttpUrl(v.trim()) ? undefined : Promise.reject(new Error('请输入以 http:// 或 https:// 开头的地址'))) },
          ]}
        >
          <Input placeholder="https://" maxLength={255} data-testid="friendlink-link" />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="数值越大越靠前">
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enable" label="是否启用" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[{ max: 255, message: '描述最多255个字符' }]}>
          <Input.TextArea rows={3} maxLength={255} showCount placeholder="请输入描述" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
