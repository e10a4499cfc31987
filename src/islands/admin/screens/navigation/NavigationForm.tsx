/** 新增 / 编辑导航 drawer: POST /navigation or PUT /navigation with the full object. */
import { App, ColorPicker, Form, Input, InputNumber, Radio, Switch, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { messageOf } from '../../../../api/http.ts';
import { createNavigation, updateNavigation } from '../../../../api/navigation.ts';
import type { Navigation } from '../../../../api/types.ts';
import type { NavNode } from '../../../../lib/tree.ts';
import { FormDrawer } from '../../components/FormDrawer.tsx';

interface Values {
  parent_id?: number;
  title: string;
  href: string;
  sort: number;
  enable: boolean;
  color: string;
  target: '_self' | '_blank';
  description: string;
}

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

/** Parent choices: every node except the edited one and its subtree. */
function parentOptions(nodes: readonly NavNode[], exclude: number): TreeOption[] {
  return nodes
    .filter((n) => n.id !== exclude)
    .map((n) => ({ value: n.id, title: n.title, children: parentOptions(n.children, exclude) }));
}

export const colorValue = (c: { cleared?: boolean; toHexString(): string }) => (c.cleared ? '' : c.toHexString());

export function NavigationForm(props: {
  open: boolean;
  value: Navigation | null;
  tree: readonly NavNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { open, value, tree, onClose, onSaved } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const options = useMemo(() => parentOptions(tree, value?.id ?? 0), [tree, value]);
  const fixed = Boolean(value?.fixed);

  const initial: Values = {
    parent_id: value?.parent_id || undefined,
    title: value?.title ?? '',
    href: value?.href ?? '',
    sort: value?.sort ?? 0,
    enable: value ? value.enable : true,
    color: value?.color ?? '',
    target: value?.target === '_blank' ? '_blank' : '_self',
    description: value?.description ?? '',
  };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = {
      title: v.title.trim(),
      href: fixed && value ? value.href : (v.href ?? '').trim(),
      target: v.target,
      color: v.color ?? '',
      description: v.description ?? '',
      sort: v.sort ?? 0,
      enable: Boolean(v.enable),
      parent_id: fixed && value ? value.parent_id : (v.parent_id ?? 0),
    };
    setSaving(true);
    const r = value ? await updateNavigation({ ...body, id: value.id }) : await createNavigation(body);
    setSaving(false);
    if (r.status !== 200) {
      message.error(messageOf(r, value ? '编辑失败' : '新增失败'));
      return;
    }
    message.success(value ? '编辑成功' : '新增成功');
    onSaved();
  };

  return (
    <FormDrawer
      open={open}
      title={value ? '编辑导航' : '新增导航'}
      onClose={onClose}
      onSubmit={submit}
      submitting={saving}
      testId="navigation-drawer"
    >
      <Form form={form} layout="vertical" initialValues={initial} clearOnDestroy>
        {!fixed && (
          <Form.Item name="parent_id" label="上级导航">
            <TreeSelect allowClear treeData={options} placeholder="请选择上级导航，留空为顶级导航" treeDefaultExpandAll />
          </Form.Item>
        )}
        <Form.Item name="title" label="名称" rules={[{ required: true, whitespace: true, message: '请输入导航名称' }]}>
          <Input placeholder="请输入导航名称" maxLength={64} data-testid="navigation-title" />
        </Form.Item>
        <Form.Item name="href" label="地址" extra={fixed ? '内置导航的地址不可修改' : '如 /library 或 https://example.com'}>
          <Input placeholder="请输入导航链接地址" disabled={fixed} data-testid="navigation-href" />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="数值越大越靠前">
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enable" label="是否启用" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="color" label="颜色" getValueFromEvent={colorValue}>
          <ColorPicker allowClear showText format="hex" />
        </Form.Item>
        <Form.Item name="target" label="打开方式">
          <Radio.Group
            options={[
              { value: '_self', label: '当前页' },
              { value: '_blank', label: '新标签页' },
            ]}
          />
        </Form.Item>
        <Form.Item name="description" label="描述">
          <Input.TextArea rows={3} maxLength={255} showCount placeholder="请输入导航描述" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
