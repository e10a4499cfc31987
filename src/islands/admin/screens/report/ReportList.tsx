/** 举报管理 /admin/report (screens §8.6): keyword and state filters in the URL, handling drawer, (batch) delete. */
import { Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { deleteReports, listReports } from '../../../../api/admin-operations.ts';
import type { Report } from '../../../../api/admin-operations.ts';
import { mapOk } from '../../../../api/http.ts';
import { documentUrl, userUrl } from '../../../../domain/urls.ts';
import { BoolTag, DateTime } from '../../components/cells.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { BatchDeleteButton, FilterBar, KeywordInput, ListLayout, SearchButton } from '../../components/ListToolbar.tsx';
import { editDeleteColumn } from '../../components/rowActions.tsx';
import { useBatchDelete, useEditDrawer, useListPage, useQueryDraft } from '../../hooks/useListPage.ts';
import { reasonLabel } from './reasons.ts';
import { ReportForm } from './ReportForm.tsx';

const STATE_OPTIONS = [
  { value: 'true', label: '已处理' },
  { value: 'false', label: '未处理' },
];

function columns(onEdit: (r: Report) => void, onDelete: (r: Report) => void): TableColumnsType<Report> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: '是否已处理',
      dataIndex: 'status',
      width: 100,
      render: (v: boolean) => <BoolTag value={v} yes="已处理" no="未处理" />,
    },
    {
      title: '文档',
      dataIndex: 'document_title',
      width: 240,
      ellipsis: true,
      render: (v: string, r) =>
        r.document_uuid ? (
          <a href={documentUrl({ uuid: r.document_uuid })} target="_blank" rel="noreferrer">
            {v || `#${r.document_id}`}
          </a>
        ) : (
          v || `#${r.document_id}`
        ),
    },
    { title: '举报原因', dataIndex: 'reason', width: 110, render: (v: number) => <Tag color="orange">{reasonLabel(v)}</Tag> },
    {
      title: '举报人',
      dataIndex: 'username',
      width: 120,
      render: (v: string, r) => (
        <a href={userUrl(r.user_id)} target="_blank" rel="noreferrer">
          {v || `#${r.user_id}`}
        </a>
      ),
    },
    { title: '处理描述', dataIndex: 'remark', width: 220, ellipsis: true, render: (v: string) => v || '-' },
    { title: '举报时间', dataIndex: 'created_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    editDeleteColumn(onEdit, onDelete, { editText: '处理', editTestId: (r) => `report-edit-${r.id}` }),
  ];
}

export function ReportList() {
  const list = useListPage<Report>(
    async (q) => {
      const keyword = q.str('wd');
      const status = q.str('status');
      const r = await listReports({
        page: q.page,
        size: q.size,
        ...(keyword ? { wd: keyword } : {}),
        ...(status === 'true' || status === 'false' ? { status: [status === 'true'] } : {}),
      });
      return mapOk(r, (d) => ({ total: d.total, rows: d.report }));
    },
    '获取举报列表失败',
    'clear-on-query',
  );
  const { q } = list;
  const [wd, setWd] = useQueryDraft(q, () => q.str('wd'));
  const [state, setState] = useQueryDraft<string | undefined>(q, () => q.str('status') || undefined);
  const drawer = useEditDrawer<Report>(list.reload);
  const remove = useBatchDelete(
    list,
    (n) => `您确定要删除选中的【${n}】条举报吗？删除后不可恢复。`,
    (id) => deleteReports({ id }),
  );
  const search = () => q.update({ wd: wd.trim(), status: state, page: 1 });

  return (
    <ListLayout>
      <FilterBar>
        <KeywordInput placeholder="文档标题或备注" value={wd} onChange={setWd} onSearch={search} />
        <Select allowClear placeholder="状态" options={STATE_OPTIONS} value={state} onChange={setState} style={{ width: 120 }} />
        <SearchButton onClick={search} />
        <BatchDeleteButton ids={list.ids} onDelete={remove} />
      </FilterBar>
      <ListTable list={list} columns={columns(drawer.show, (r) => remove([r.id]))} scrollX={1400} />
      <ReportForm open={drawer.open} value={drawer.value} onClose={drawer.close} onSaved={drawer.saved} />
    </ListLayout>
  );
}
