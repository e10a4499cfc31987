/** 批量分类 / 批量设置语言 drawer: the new value and the selected documents (screens §8.3). */
import { Table } from 'antd';
import { setDocumentsCategory, setDocumentsLanguage } from '../../../../api/admin-documents.ts';
import type { Document } from '../../../../api/document.ts';
import type { Language } from '../../../../api/types.ts';
import { DocumentCategoryItem, LanguageItem } from '../../components/formItems.tsx';
import { DrawerForm } from '../../components/FormDrawer.tsx';
import { useSaveForm } from '../../hooks/useSaveForm.ts';
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
  const saver = useSaveForm<Values>({
    open,
    onClose,
    onSaved,
    record: null,
    texts: {
      ok: kind === 'category' ? '批量分类成功' : '批量设置语言成功',
      fail: '设置失败',
    },
  });
  const submit = () =>
    saver.save((v) => {
      const ids = docs.map((d) => d.id);
      return () =>
        kind === 'category'
          ? setDocumentsCategory({ document_id: ids, category_id: v.category ? [v.category] : [] })
          : setDocumentsLanguage({ document_id: ids, language: v.language ?? '' });
    });

  return (
    <DrawerForm
      {...saver.drawer}
      title={kind === 'category' ? '批量分类' : '批量设置语言'}
      onSubmit={submit}
      testId="admin-doc-batch-drawer"
    >
      {kind === 'category' ? (
        <DocumentCategoryItem label="新分类" options={categories} />
      ) : (
        <LanguageItem languages={languages} required />
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
