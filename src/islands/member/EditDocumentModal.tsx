/**
 * 编辑文档 in 我的上传: title, category, keywords, price, VIP and description of one's own
 * document (PUT /document). Where the member's groups need review, an edit of what review covers
 * (title, keywords, description, category: the server's reviewedChange) sends the document back
 * to 待审核: the dialog says so before saving, and only then.
 */
import { useStore } from '@nanostores/react';
import { Alert, Cascader, Checkbox, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../../api/call.ts';
import { documentUpdate } from '../../api/generated/document.ts';
import type { Document } from '../../contract/document.ts';
import { isOk } from '../../api/http.ts';
import { DOCUMENT_STATUS } from '../../domain/status.ts';
import { categoryChain, deepestCategory } from '../../domain/urls.ts';
import { $categories, $categoryById } from '../../stores/categories.ts';
import { documentCategoryOptions } from '../common/categoryOptions.ts';
import { useAct } from '../common/useAct.ts';
import { useBusy } from '../common/useBusy.ts';
import { useSiteSettings } from '../common/useSiteSettings.ts';
import { FREE_VIP_HINT } from '../upload/upload-files.ts';
import { userGroups } from '../../api/generated/user.ts';
import { requiredField, requiredText } from '../common/formRules.ts';

interface Values {
  title: string;
  category: number[];
  keywords: string;
  price: number;
  is_vip: boolean;
  description: string;
}

interface Props {
  doc: Document | null;
  creditName: string;
  onClose: (saved: boolean) => void;
}

/** Keywords as the server stores them (publish.service normalizeKeywords). */
const normKeywords = (k: string): string =>
  k
    .split(/[,，、]/)
    .map((w) => w.trim())
    .filter(Boolean)
    .join(',');

/** Whether the values change what a reviewer approved (the server's rule, document.service reviewedChange). */
const changesReviewed = (initial: Values, v: Partial<Values>): boolean =>
  (v.title !== undefined && v.title.trim() !== initial.title) ||
  (v.keywords !== undefined && normKeywords(v.keywords) !== initial.keywords) ||
  (v.description !== undefined && v.description !== initial.description) ||
  (v.category !== undefined && v.category.join('/') !== initial.category.join('/'));

/** Whether every group of the member reviews his uploads and edits (upload-right.ts needsReview). */
function useEditsReviewed(open: boolean): boolean {
  const [reviewed, setReviewed] = useState(false);
  useEffect(() => {
    if (!open) return;
    let live = true;
    void call(userGroups).then((r) => {
      if (live && isOk(r)) setReviewed(r.data.group.length > 0 && r.data.group.every((g) => g.enable_document_review));
    });
    return () => {
      live = false;
    };
  }, [open]);
  return reviewed;
}

export function EditDocumentModal({ doc, creditName, onClose }: Props) {
  const act = useAct();
  const settings = useSiteSettings();
  const tree = useStore($categories);
  const byId = useStore($categoryById);
  const options = useMemo(() => documentCategoryOptions(tree), [tree]);
  const [form] = Form.useForm<Values>();
  const [busy, whileBusy] = useBusy();
  const reviewed = useEditsReviewed(Boolean(doc));
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  const vipOn = settings.vip.enable;
  const initial: Values | undefined = doc
    ? {
        title: doc.title,
        category: categoryChain(deepestCategory(doc.category_id, byId), byId).map((c) => c.id),
        keywords: doc.keywords,
        price: doc.price,
        is_vip: Boolean(doc.is_vip) && doc.price > 0,
        description: doc.description,
      }
    : undefined;
  const price = watched?.price ?? doc?.price ?? 0;
  const rejected = doc?.status === DOCUMENT_STATUS.rejected;
  const published = doc !== null && doc.status !== DOCUMENT_STATUS.review && doc.status !== DOCUMENT_STATUS.disabled;
  const backToReview = rejected || (published && reviewed && initial !== undefined && changesReviewed(initial, watched ?? {}));

  const save = async (v: Values): Promise<void> => {
    if (!doc) return;
    const body = {
      id: doc.id,
      title: v.title.trim(),
      category_id: v.category,
      keywords: v.keywords.trim(),
      price: v.price,
      description: v.description,
      // a free document is no VIP document (isVipDocument); VIP is offered while VIP is on
      ...(vipOn || doc.is_vip ? { is_vip: vipOn ? Boolean(v.is_vip) && v.price > 0 : false } : {}),
    };
    const ok = await whileBusy(
      act(call(documentUpdate, body), backToReview ? '已保存，文档重新进入审核' : '文档已保存', '保存失败'),
    );
    if (ok) onClose(true);
  };

  return (
    <Modal
      open={Boolean(doc)}
      title="编辑文档"
      okText={backToReview ? '保存并提交审核' : '保存'}
      cancelText="取消"
      confirmLoading={busy}
      destroyOnHidden
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
    >
      {doc && (
        <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={save} data-testid="edit-document-form">
          <Form.Item name="title" label="标题" rules={requiredText('请输入文档标题')}>
            <Input maxLength={255} />
          </Form.Item>
          <Form.Item name="category" label="分类" rules={requiredField('请选择文档分类')}>
            <Cascader options={options} changeOnSelect showSearch placeholder="请选择文档分类" />
          </Form.Item>
          <Form.Item name="keywords" label="关键字" extra="多个关键字用逗号分隔">
            <Input maxLength={255} data-testid="edit-document-keywords" />
          </Form.Item>
          <Form.Item name="price" label={`价格（${creditName}）`} extra="0 表示免费下载">
            <InputNumber min={0} precision={0} style={{ width: 160 }} />
          </Form.Item>
          {(vipOn || doc.is_vip) && (
            <Form.Item
              name="is_vip"
              valuePropName="checked"
              extra={price > 0 ? 'VIP会员可用VIP专享下载次数免费下载' : FREE_VIP_HINT}
            >
              <Checkbox disabled={!vipOn || price <= 0} data-testid="edit-document-vip">
                VIP文档
              </Checkbox>
            </Form.Item>
          )}
          <Form.Item name="description" label="简介">
            <Input.TextArea rows={4} maxLength={512} showCount />
          </Form.Item>
          {backToReview && (
            <Alert
              type="warning"
              showIcon
              data-testid="edit-document-review-note"
              title={rejected ? '保存后文档将重新提交审核' : '修改标题、分类、关键字或简介后，文档需要重新审核'}
              description="审核通过前文档不对外展示；只改价格或VIP不需要重新审核。"
            />
          )}
        </Form>
      )}
    </Modal>
  );
}
