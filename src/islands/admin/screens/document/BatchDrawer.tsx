/** 批量分类 / 批量设置语言 / 批量VIP drawer: the new value and the selected documents (screens §8.3). */
import { Form, Switch, Table } from 'antd';
import { vipSetDocument } from '../../../../api/generated/vip.ts';
import { call } from '../../../../api/call.ts';
import { documentAdminCategory, documentAdminLanguage } from '../../../../api/generated/document-admin.ts';
import type { Document } from '../../../../contract/document.ts';
import type { Language } from '../../../../api/types.ts';
import { DocumentCategoryItem, LanguageItem } from '../../components/formItems.tsx';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
import type { TreeOption } from './common/useDocOptions.ts';
import { DocumentStatusTag } from '../../../common/DocumentStatusTag.tsx';

export type BatchKind = 'category' | 'language' | 'vip';

interface Values {
  category?: number;
  language?: string;
  is_vip?: boolean;
}

const TITLES: Record<BatchKind, string> = { category: '批量分类', language: '批量设置语言', vip: '批量VIP' };

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
  const saver = useSaveForm<Values>({
    open,
    onClose,
    onSaved,
    initialValues: { is_vip: true },
    texts: { ok: `${TITLES[kind]}成功`, fail: '设置失败' },
  });
  const submit = () =>
    saver.save((v) => {
      const ids = docs.map((d) => d.id);
      if (kind === 'vip') return () => call(vipSetDocument, { document_id: ids, is_vip: Boolean(v.is_vip) });
      return () =>
        kind === 'category'
          ? call(documentAdminCategory, { document_id: ids, category_id: v.category ? [v.category] : [] })
          : call(documentAdminLanguage, { document_id: ids, language: v.language ?? '' });
    });

  return (
    <DrawerForm {...saver.drawer} title={TITLES[kind]} onSubmit={submit} testId="admin-doc-batch-drawer">
      {kind === 'category' && <DocumentCategoryItem label="新分类" options={categories} />}
      {kind === 'language' && <LanguageItem languages={languages} required />}
      {kind === 'vip' && (
        <Form.Item name="is_vip" label="VIP文档" valuePropName="checked" extra="开启设为VIP文档，关闭则取消VIP文档">
          <Switch data-testid="admin-doc-batch-vip" />
        </Form.Item>
      )}
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
    </DrawerForm>
  );
}
