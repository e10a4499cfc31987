/**
 * 编辑文档 in 我的上传: title, category, price and description of one's own document
 * (PUT /document). Where the member's group needs review the edit sends it back to review.
 */
import { useStore } from '@nanostores/react';
import { Cascader, Form, Input, InputNumber, Modal } from 'antd';
import { useMemo } from 'react';
import { updateDocument } from '../../api/document.ts';
import type { Document } from '../../api/document.ts';
import { categoryChain, deepestCategory } from '../../domain/urls.ts';
import { $categories, $categoryById } from '../../stores/categories.ts';
import { documentCategoryOptions } from '../common/categoryOptions.ts';
import { useAct } from '../common/useAct.ts';
import { useBusy } from '../common/useBusy.ts';

interface Values {
  title: string;
  category: number[];
  price: number;
  description: string;
}

interface Props {
  doc: Document | null;
  creditName: string;
  onClose: (saved: boolean) => void;
}

export function EditDocumentModal({ doc, creditName, onClose }: Props) {
  const act = useAct();
  const tree = useStore($categories);
  const byId = useStore($categoryById);
  const options = useMemo(() => documentCategoryOptions(tree), [tree]);
  const [form] = Form.useForm<Values>();
  const [busy, whileBusy] = useBusy();
  const initial: Values | undefined = doc
    ? {
        title: doc.title,
        category: categoryChain(deepestCategory(doc.category_id, byId), byId).map((c) => c.id),
        price: doc.price,
        description: doc.description,
      }
    : undefined;

  const save = async (v: Values): Promise<void> => {
    if (!doc) return;
    const body = { id: doc.id, title: v.title.trim(), category_id: v.category, price: v.price, description: v.description };
    const ok = await whileBusy(act(updateDocument(body), '文档已保存', '保存失败'));
    if (ok) onClose(true);
  };

  return (
    <Modal
      open={Boolean(doc)}
      title="编辑文档"
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
    >
      {doc && (
        <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={save} data-testid="edit-document-form">
          <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入文档标题' }]}>
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item name="category" label="分类" rules={[{ required: true, message: '请选择文档分类' }]}>
            <Cascader options={options} changeOnSelect showSearch placeholder="请选择文档分类" />
          </Form.Item>
          <Form.Item name="price" label={`价格（${creditName}）`} extra="0 表示免费下载">
            <InputNumber min={0} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="description" label="简介">
            <Input.TextArea rows={4} maxLength={512} showCount />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
