/** 文档列表 /admin/document/list (screens §8.3): filters and paging in the URL, server-side pages, batch actions. */
import { useStore } from '@nanostores/react';
import { Space } from 'antd';
import { useCallback, useMemo } from 'react';
import type { HTMLAttributes, ThHTMLAttributes } from 'react';
import type { Document } from '../../../../contract/document.ts';
import { callPage } from '../../../../api/call.ts';
import { documentList } from '../../../../api/generated/document.ts';
import { ListTable } from '../../components/ListTable.tsx';
import { pageAndWord, setFilters } from '../../hooks/queryFilters.ts';
import { useDialogs, useListPage } from '../../hooks/useListPage.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { BatchDrawer } from './BatchDrawer.tsx';
import type { BatchKind } from './BatchDrawer.tsx';
import { useCategories, useLanguages } from './common/useDocOptions.ts';
import { statusList } from './common/status.tsx';
import { documentColumns } from './documentColumns.tsx';
import { DocumentEditDrawer } from './DocumentEditDrawer.tsx';
import { DocumentFilters } from './DocumentFilters.tsx';
import { RecommendDrawer } from './RecommendDrawer.tsx';
import { useDocumentActions } from './useDocumentActions.ts';
import { DOCUMENT_STATUS } from '../../../../domain/status.ts';
import { $settings } from '../../../../stores/settings.ts';

/** Header cells; the select-all one carries a test id (a title element would be cloned into antd's measure row). */
function HeaderCell(props: ThHTMLAttributes<HTMLTableCellElement>) {
  const selectAll = String(props.className ?? '').includes('ant-table-selection-column');
  return <th {...props} {...(selectAll ? { 'data-testid': 'admin-doc-select-all' } : {})} />;
}

type Dialog =
  { kind: 'edit'; doc: Document } | { kind: 'recommend'; doc: Document } | { kind: 'batch'; batch: BatchKind; docs: Document[] };

export function DocumentList() {
  const categories = useCategories(0);
  const languages = useLanguages();
  const vipOn = useStore($settings).vip.enable;
  const { show, close, isOpen, of } = useDialogs<Dialog>();

  const list = useListPage<Document>(
    async (q) => {
      const recommend = q.list('is_recommend').filter((v) => v === 'true' || v === 'false');
      return callPage(documentList, 'document', {
        ...pageAndWord(q),
        ...setFilters({ status: statusList(q.list('status')), language: q.list('language'), category_id: q.ids('category_id') }),
        ...(recommend.length === 1 ? { is_recommend: [recommend[0] === 'true'] } : {}),
      });
    },
    '获取文档列表失败',
    'clear-on-query',
  );

  const { reload, selected, setSelected } = list;
  const done = useCallback(() => {
    close();
    setSelected([]);
    void reload();
  }, [reload]);
  const act = useDocumentActions(done);
  /** The props of the drawer that edits one document. */
  const docDrawer = (kind: 'edit' | 'recommend'): EditDrawerProps<Document> => ({
    open: isOpen(kind),
    value: of(kind)?.doc ?? null,
    onClose: close,
    onSaved: done,
  });
  const picked = () => list.rows.filter((d) => selected.includes(d.id));

  const columns = useMemo(
    () =>
      documentColumns(categories.byId, languages, {
        onReconvert: act.reconvert,
        onRecommend: (doc) => show({ kind: 'recommend', doc }),
        onDownload: (doc) => void act.download(doc),
        onEdit: (doc) => show({ kind: 'edit', doc }),
        onDelete: (doc) => act.remove([doc]),
        onApprove: (doc) => act.check([doc], DOCUMENT_STATUS.pending),
        onReject: (doc) => act.check([doc], DOCUMENT_STATUS.rejected),
      }),
    [categories.byId, languages, act],
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <DocumentFilters
        q={list.q}
        categories={categories.options}
        languages={languages}
        selected={selected.length}
        batch={{
          onDelete: () => act.remove(picked()),
          onReconvert: act.reconvertFailed,
          onCheck: (status) => act.check(picked(), status),
          onCategory: () => show({ kind: 'batch', batch: 'category', docs: picked() }),
          onRecommend: (type) => void act.recommend(picked(), type),
          onLanguage: () => show({ kind: 'batch', batch: 'language', docs: picked() }),
          ...(vipOn ? { onVip: () => show({ kind: 'batch', batch: 'vip', docs: picked() }) } : {}),
        }}
      />
      <ListTable
        list={list}
        columns={columns}
        scrollX={1000}
        onRow={(d) => ({ 'data-testid': `admin-doc-row-${d.id}` }) as HTMLAttributes<HTMLElement>}
        components={{ header: { cell: HeaderCell } }}
      />
      <DocumentEditDrawer {...docDrawer('edit')} categories={categories.options} byId={categories.byId} languages={languages} />
      <RecommendDrawer {...docDrawer('recommend')} />
      <BatchDrawer
        open={isOpen('batch')}
        kind={of('batch')?.batch ?? 'category'}
        docs={of('batch')?.docs ?? []}
        categories={categories.options}
        languages={languages}
        onClose={close}
        onSaved={done}
      />
    </Space>
  );
}
