/** 新增 / 编辑轮播图 drawer: POST /banner or PUT /banner with the whole row. */
import { App, Form, Input, InputNumber, Radio, Switch } from 'antd';
import { useState } from 'react';
import { BANNER_TYPE_NAMES, createBanner, updateBanner } from '../../../../api/admin-site.ts';
import type { Banner, BannerFields } from '../../../../api/admin-site.ts';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { ApiResult } from '../../../../api/http.ts';
import { isBannerTarget } from '../../../../contract/banner.ts';
import { FormDrawer } from '../../components/FormDrawer.tsx';
import { optionsOf } from '../article/listing.tsx';
import { BannerImage } from './BannerImage.tsx';

export function BannerForm(props: { open: boolean; value: Banner | null; onClose: () => void; onSaved: () => void }) {
  const { open, value, onClose, onSaved } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<BannerFields>();
  const [saving, setSaving] = useState(false);

  const initial: BannerFields = {
    path: value?.path ?? '',
    title: value?.title ?? '',
    url: value?.url ?? '',
    type: value?.type ?? 0,
    sort: value?.sort ?? 0,
    enable: value ? value.enable : true,
    description: value?.description ?? '',
  };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: BannerFields = {
      path: v.path,
      title: (v.title ?? '').trim(),
      url: (v.url ?? '').trim(),
      type: v.type ?? 0,
      sort: v.sort ?? 0,
      enable: Boolean(v.enable),
      description: v.description ?? '',
    };
    setSaving(true);
    const r: ApiResult<unknown> = value ? await updateBanner({ ...body, id: value.id }) : await createBanner(body);
    setSaving(false);
    if (!isOk(r)) {
      message.error(messageOf(r, value ? '编辑失败' : '新增失败'));
      return;
    }
    message.success(value ? '编辑成功' : '新增成功');
    onSaved();
  };

  return (
    <FormDrawer open={open} title={value ? '编辑轮播图' : '新增轮播图'} onClose={onClose} onSubmit={submit} submitting={saving} testId="banner-drawer">
      <Form key={value?.id ?? 'new'} form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="path" label="图片" rules={[{ required: true, message: '请上传轮播图图片' }]}>
          <BannerImage />
        </Form.Item>
        <Form.Item name="title" label="名称" rules={[{ max: 64, message: '名称最多64个字符' }]}>
          <Input placeholder="请输入轮播图名称" maxLength={64} data-testid="banner-title" />
        </Form.Item>
        <Form.Item
          name="url"
          label="链接"
          extra="点击轮播图跳转的地址，如 /article 或 https://example.com；留空则不可点击"
          rules={[{ validator: async (_, v: string) => (!v?.trim() || isBannerTarget(v.trim()) ? undefined : Promise.reject(new Error('链接地址只能是站内路径或 http(s) 地址'))) }]}
        >
          <Input placeholder="请输入链接地址" maxLength={255} data-testid="banner-url" />
        </Form.Item>
        <Form.Item name="type" label="类型">
          <Radio.Group options={optionsOf(BANNER_TYPE_NAMES)} />
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
