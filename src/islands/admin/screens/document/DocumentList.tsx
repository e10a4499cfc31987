/** 文档列表 /admin/document/list (screens §8.3): filters and paging in the URL, server-side pages, batch actions. */
import { useStore } from '@nanostores/react';
import { Space } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import type { HTMLAttributes, ThHTMLAttributes } from 'react';
import type { Document } from '../../../../api/document.ts';
import { listDocuments } from '../../../../api/document.ts';
import { mapOk } from '../../../../api/http.ts';
import { ListTable } from '../../components/ListTable.tsx';
import { pageAndWord, setFilters } from '../../hooks/queryFilters.ts';
import { useListPage } from '../../hooks/useListPage.ts';
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
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);

  const list = useListPage<Document>(
    async (q) => {
      const recommend = q.list('is_recommend').filter((v) => v === 'true' || v === 'false');
      const r = await listDocuments({
        ...pageAndWord(q),
        ...setFilters({ status: statusList(q.list('status')), language: q.list('language'), category_id: q.ids('category_id') }),
        ...(recommend.length === 1 ? { is_recommend: [recommend[0] === 'true'] } : {}),
      });
      return mapOk(r, (d) => ({ total: d.total, rows: d.document }));
    },
    '获取文档列表失败',
    'clear-on-query',
  );

  const show = (d: Dialog) => {
    setDialog(d);
    setOpen(true);
  };
  const { reload, selected, setSelected } = list;
  const done = useCallback(() => {
    setOpen(false);
    setSelected([]);
    void reload();
  }, [reload]);
  const act = useDocumentActions(done);
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
        scrollX={2600}
        onRow={(d) => ({ 'data-testid': `admin-doc-row-${d.id}` }) as HTMLAttributes<HTMLElement>}
        components={{ header: { cell: HeaderCell } }}
      />
      <DocumentEditDrawer
        open={open && dialog?.kind === 'edit'}
        doc={dialog?.kind === 'edit' ? dialog.doc : null}
        categories={categories.options}
        byId={categories.byId}
        languages={languages}
        onClose={() => setOpen(false)}
        onSaved={done}
      />
      <RecommendDrawer
        open={open && dialog?.kind === 'recommend'}
        doc={dialog?.kind === 'recommend' ? dialog.doc : null}
        onClose={() => setOpen(false)}
        onSaved={done}
      />
      <BatchDrawer
        open={open && dialog?.kind === 'batch'}
        kind={dialog?.kind === 'batch' ? dialog.batch : 'category'}
        docs={dialog?.kind === 'batch' ? dialog.docs : []}
        categories={categories.options}
        languages={languages}
        onClose={() => setOpen(false)}
        onSaved={done}
      />
    </Space>
  );
}
