/** 编辑文档 drawer (screens §8.3) → PUT /document; the status is only sent when it changed. */
import { useStore } from '@nanostores/react';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { call } from '../../../../api/call.ts';
import { documentUpdate } from '../../../../api/generated/document.ts';
import type { Document } from '../../../../contract/document.ts';
import type { Category, Language } from '../../../../api/types.ts';
import { deepestCategory } from '../../../../domain/urls.ts';
import { creditName } from '../../../../domain/money.ts';
import { $settings } from '../../../../stores/settings.ts';
import { DocumentCategoryItem, LanguageItem } from '../../components/formItems.tsx';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import type { TreeOption } from './common/useDocOptions.ts';
import { STATUS_OPTIONS } from './common/status.tsx';
import { requiredField, requiredText } from '../../../common/formRules.ts';

interface Values {
  title: string;
  category?: number;
  price: number;
  status: number;
  language?: string;
  keywords: string;
  description: string;
  is_vip: boolean;
}

export function DocumentEditDrawer(
  props: EditDrawerProps<Document> & {
    categories: TreeOption[];
    byId: ReadonlyMap<number, Category>;
    languages: readonly Language[];
  },
) {
  const { value: doc, categories, byId, languages } = props;
  const { vip, system } = useStore($settings);
  const vipOn = vip.enable;

  const initial: Values = {
    title: doc?.title ?? '',
    category: deepestCategory(doc?.category_id, byId) || undefined,
    price: doc?.price ?? 0,
    status: doc?.status ?? 0,
    language: doc?.language || undefined,
    keywords: doc?.keywords ?? '',
    description: doc?.description ?? '',
    is_vip: doc?.is_vip ?? false,
  };
  const saver = useSaveForm<Values>({ ...props, initialValues: initial });

  const submit = () =>
    saver.save(
      (v) =>
        doc &&
        (() =>
          call(documentUpdate, {
            id: doc.id,
            title: v.title.trim(),
            category_id: v.category ? [v.category] : [],
            price: v.price ?? 0,
            language: v.language ?? '',
            keywords: (v.keywords ?? '').trim(),
            description: (v.description ?? '').trim(),
            ...(v.status !== doc.status ? { status: v.status } : {}),
            ...(Boolean(v.is_vip) !== Boolean(doc.is_vip) ? { is_vip: Boolean(v.is_vip) } : {}),
          })),
    );

  return (
    <DrawerForm {...saver.drawer} title="编辑文档" onSubmit={submit} testId="admin-doc-edit-drawer">
      <Form.Item name="title" label="名称" rules={requiredText('请输入文档名称')}>
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={255}
          placeholder="请输入文档名称"
          data-testid="admin-doc-title"
        />
      </Form.Item>
      <DocumentCategoryItem label="分类" options={categories} />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="price" label="价格" extra={`下载所需${creditName(system.credit_name)}，0 为免费`}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label="状态" rules={requiredField('请选择文档状态')}>
            <Select options={STATUS_OPTIONS} data-testid="admin-doc-status" />
          </Form.Item>
        </Col>
      </Row>
      {(vipOn || doc?.is_vip) && (
        <Form.Item name="is_vip" label="VIP文档" valuePropName="checked" extra="VIP会员可用VIP专享下载次数下载">
          <Switch data-testid="admin-doc-vip" />
        </Form.Item>
      )}
      <LanguageItem languages={languages} />
      <Form.Item name="keywords" label="关键字" extra="多个关键字用英文逗号分隔">
        <Input maxLength={255} placeholder="请输入关键字" />
      </Form.Item>
      <Form.Item name="description" label="摘要">
        <Input.TextArea rows={5} maxLength={10000} showCount placeholder="请输入文档摘要" />
      </Form.Item>
    </DrawerForm>
  );
}
