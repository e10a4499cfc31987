/** 新增 / 编辑语言 drawer → POST or PUT /language (the code cannot change once created). */
import { App, Form, Input, InputNumber, Switch } from 'antd';
import { useState } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import { createLanguage, updateLanguage } from '../../../../api/language.ts';
import type { Language } from '../../../../api/types.ts';
import { FormDrawer } from '../../components/FormDrawer.tsx';

interface Values {
  language: string;
  code: string;
  sort: number;
  enable: boolean;
}

export function LanguageForm(props: { open: boolean; value: Language | null; onClose: () => void; onSaved: () => void }) {
  const { open, value, onClose, onSaved } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const initial: Values = {
    language: value?.language ?? '',
    code: value?.code ?? '',
    sort: value?.sort ?? 0,
    enable: value ? value.enable : true,
  };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = { language: v.language.trim(), sort: v.sort ?? 0, enable: Boolean(v.enable) };
    setSaving(true);
    const r = value ? await updateLanguage({ ...body, id: value.id }) : await createLanguage({ ...body, code: v.code.trim() });
    setSaving(false);
    if (!isOk(r)) {
      message.error(messageOf(r, value ? '编辑失败' : '新增失败'));
      return;
    }
    message.success(value ? '编辑成功' : '新增成功');
    onSaved();
  };

  return (
    <FormDrawer
      open={open}
      title={value ? '编辑语言' : '新增语言'}
      onClose={onClose}
      onSubmit={submit}
      submitting={saving}
      testId="language-drawer"
    >
      <Form key={value?.id ?? 'new'} form={form} layout="vertical" initialValues={initial} clearOnDestroy>
        <Form.Item name="language" label="语言名称" rules={[{ required: true, whitespace: true, message: '请输入语言名称' }]}>
          <Input maxLength={64} placeholder="如：中文(简体)" data-testid="language-name" />
        </Form.Item>
        <Form.Item
          name="code"
          label="语言代码"
          extra={value ? '语言代码创建后不可修改' : '建议使用 ISO 语言代码，如 zh-CN、en'}
          rules={[{ required: true, whitespace: true, message: '请输入语言代码' }]}
        >
          <Input maxLength={16} disabled={Boolean(value)} placeholder="如：zh-CN" data-testid="language-code" />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="数值越大越靠前">
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enable" label="是否启用" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
