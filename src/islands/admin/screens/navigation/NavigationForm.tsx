/** 新增 / 编辑导航 drawer: POST /navigation or PUT /navigation with the full object. */
import { ColorPicker, Form, Input, Radio } from 'antd';
import { useMemo } from 'react';
import { call } from '../../../../api/call.ts';
import { navigationCreate, navigationUpdate } from '../../../../api/generated/navigation.ts';
import type { Navigation } from '../../../../api/types.ts';
import type { NavNode } from '../../../../lib/tree.ts';
import {
  DescriptionItem,
  EnableItem,
  ParentItem,
  sortEnable,
  SortItem,
  TitleItem,
  valuesOf,
} from '../../components/formItems.tsx';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { treeOptions } from '../document/common/useDocOptions.ts';

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

export const colorValue = (c: { cleared?: boolean; toHexString(): string }) => (c.cleared ? '' : c.toHexString());

export function NavigationForm(props: EditDrawerProps<Navigation> & { tree: readonly NavNode[] }) {
  const { value, tree } = props;
  // parent choices: every node except the edited one and its subtree
  const options = useMemo(() => treeOptions(tree, value?.id ?? 0), [tree, value]);
  const fixed = Boolean(value?.fixed);

  const initial: Values = {
    ...valuesOf(value, { title: '', href: '', color: '', description: '' }),
    ...sortEnable.of(value),
    parent_id: value?.parent_id || undefined,
    target: value?.target === '_blank' ? '_blank' : '_self',
  };
  const saver = useSaveForm<Values>({ ...props, initialValues: initial });

  const submit = () =>
    saver.save((v) => {
      const body = {
        title: v.title.trim(),
        href: fixed && value ? value.href : (v.href ?? '').trim(),
        target: v.target,
        color: v.color ?? '',
        description: v.description ?? '',
        ...sortEnable.body(v),
        parent_id: fixed && value ? value.parent_id : (v.parent_id ?? 0),
      };
      return () => (value ? call(navigationUpdate, { ...body, id: value.id }) : call(navigationCreate, body));
    });

  return (
    <DrawerForm {...saver.drawer} title={value ? '编辑导航' : '新增导航'} onSubmit={submit} testId="navigation-drawer">
      {!fixed && <ParentItem label="上级导航" placeholder="请选择上级导航，留空为顶级导航" options={options} />}
      <TitleItem noun="导航" testId="navigation-title" />
      <Form.Item name="href" label="地址" extra={fixed ? '内置导航的地址不可修改' : '如 /library 或 https://example.com'}>
        <Input placeholder="请输入导航链接地址" disabled={fixed} data-testid="navigation-href" />
      </Form.Item>
      <SortItem min={0} />
      <EnableItem />
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
      <DescriptionItem placeholder="请输入导航描述" />
    </DrawerForm>
  );
}
