/** 批量分类 / 批量设置语言 drawer: the new value and the selected documents (screens §8.3). */
import { App, Form, Select, Table, TreeSelect } from 'antd';
import { useState } from 'react';
import { setDocumentsCategory, setDocumentsLanguage } from '../../../../api/admin-documents.ts';
import type { Document } from '../../../../api/document.ts';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { Language } from '../../../../api/types.ts';
import { FormDrawer } from '../../components/FormDrawer.tsx';
import { languageOptions } from './common/useDocOptions.ts';
import type { TreeOption } from './common/useDocOptions.ts';
import { DocumentStatusTag } from '../../../common/DocumentStatusTag.tsx';

export type BatchKind = 'category' | 'language';

interface Values {
  category?: number;
  language?: string;
}

export function BatchDrawer(props: {
  open: boolean;
  kind: BatchKind;
  docs: readonly Document[];
  categories: TreeOption[];
  languages: readonly Language[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { open, kind, docs, categories, languages, onClose, onSaved } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const ids = docs.map((d) => d.id);
    setSaving(true);
    const r =
      kind === 'category'
        ? await setDocumentsCategory({ document_id: ids, category_id: v.category ? [v.category] : [] })
        : await setDocumentsLanguage({ document_id: ids, language: v.language ?? '' });
    setSaving(false);
    if (!isOk(r)) {
      message.error(messageOf(r, '设置失败'));
      return;
    }
    message.success(kind === 'category' ? '批量分类成功' : '批量设置语言成功');
    onSaved();
  };

  return (
    <FormDrawer
      open={open}
      title={kind === 'category' ? '批量分类' : '批量设置语言'}
      onClose={onClose}
      onSubmit={submit}
      submitting={saving}
      testId="admin-doc-batch-drawer"
    >
      <Form form={form} layout="vertical" clearOnDestroy>
        {kind === 'category' ? (
          <Form.Item name="category" label="新分类" rules={[{ required: true, message: '请选择文档分类' }]}>
            <TreeSelect showSearch={{ treeNodeFilterProp: 'title' }} treeData={categories} treeDefaultExpandAll placeholder="请选择文档分类" />
          </Form.Item>
        ) : (
          <Form.Item name="language" label="语言" rules={[{ required: true, message: '请选择语言' }]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={languageOptions(languages)} placeholder="请选择语言" />
          </Form.Item>
        )}
      </Form>
      <Table
        rowKey="id"
        size="small"
        bordered
        title={() => `已选 ${docs.length} 篇文档`}
        dataSource={[...docs]}
        pagination={false}
        scroll={{ y: 400 }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 100, render: (s: number) => <DocumentStatusTag status={s} /> },
        ]}
      />
    </FormDrawer>
  );
}
