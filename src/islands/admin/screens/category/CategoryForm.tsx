/** 新增 / 编辑分类 drawer: many names (one per line) on create, the full row on update (PUT overwrites). */
import { Col, Form, Input, Row, Switch } from 'antd';
import { useMemo } from 'react';
import { call } from '../../../../api/call.ts';
import { categoryCreate, categoryUpdate } from '../../../../api/generated/category.ts';
import type { Category } from '../../../../api/types.ts';
import { uploadCategory } from '../../../../api/generated/upload.ts';
import type { CategoryNode } from '../../../../lib/tree.ts';
import { EnableItem, ParentItem, sortEnable, SortItem, valuesOf } from '../../components/formItems.tsx';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { ImageUpload } from '../../components/ImageUpload.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { treeOptions } from '../document/common/useDocOptions.ts';
import { requiredText } from '../../../common/formRules.ts';

interface Values {
  parent_id?: number;
  title: string;
  icon: string;
  cover: string;
  sort: number;
  description: string;
  enable: boolean;
  show_description: boolean;
}

/** `value` null creates, under `parentId` when it is set. */
export function CategoryForm(
  props: EditDrawerProps<Category> & { type: 0 | 1; parentId: number; tree: readonly CategoryNode[] },
) {
  const { type, value, parentId, tree } = props;
  const options = useMemo(() => treeOptions(tree, value?.id ?? 0), [tree, value]);
  const initial: Values = {
    ...valuesOf(value, { title: '', icon: '', cover: '', description: '', show_description: false }),
    ...sortEnable.of(value),
    parent_id: (value ? value.parent_id : parentId) || undefined,
  };
  const saver = useSaveForm<Values>({ ...props, initialValues: initial });

  const submit = () =>
    saver.save((v) => {
      const body = {
        parent_id: v.parent_id ?? 0,
        title: v.title.trim(),
        icon: v.icon ?? '',
        cover: v.cover ?? '',
        ...sortEnable.body(v),
        description: v.description ?? '',
        show_description: Boolean(v.show_description),
        type,
      };
      return () => (value ? call(categoryUpdate, { ...body, id: value.id }) : call(categoryCreate, body));
    });

  return (
    <DrawerForm {...saver.drawer} title={value ? '编辑分类' : '新增分类'} onSubmit={submit} testId="category-drawer">
      <ParentItem label="上级分类" placeholder="请选择上级分类，留空为顶级分类" options={options} />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="icon" label="分类图标" extra="建议使用正方形图片">
            <ImageUpload testId="category-icon" upload={uploadCategory} preview={{ width: 80, height: 80, fit: 'contain' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="cover" label="分类封面" extra="用于顶级分类的展示">
            <ImageUpload testId="category-cover" upload={uploadCategory} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="title"
        label="名称"
        extra={value ? undefined : '可一次新增多个分类：每行一个名称，同级已存在的名称会跳过'}
        rules={requiredText('请输入分类名称')}
      >
        {value ? (
          <Input maxLength={64} placeholder="请输入分类名称" data-testid="category-title" />
        ) : (
          <Input.TextArea rows={5} placeholder={'每行一个分类名称，如：\n教育资料\n行业报告'} data-testid="category-title" />
        )}
      </Form.Item>
      <SortItem min={0} />
      <Form.Item name="description" label="描述">
        <Input.TextArea rows={3} maxLength={512} showCount placeholder="请输入分类描述" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <EnableItem />
        </Col>
        <Col span={12}>
          <Form.Item name="show_description" label="显示分类描述" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </DrawerForm>
  );
}
