/** 举报管理 /admin/report (screens §8.6): keyword and state filters in the URL, handling drawer, (batch) delete. */
import { Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { call, callPage } from '../../../../api/call.ts';
import { reportDelete, reportList } from '../../../../api/generated/report.ts';
import type { Report } from '../../../../contract/report.ts';
import { documentUrl } from '../../../../domain/urls.ts';
import { UserCell } from '../../components/cells.tsx';
import { boolColumn, dateColumn, idColumn } from '../../components/columns.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { BatchDeleteButton, ListLayout, SearchBar } from '../../components/ListToolbar.tsx';
import { editDeleteColumn } from '../../components/rowActions.tsx';
import { pageAndWord } from '../../hooks/queryFilters.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { deleteQuestion, useBatchDelete, useEditDrawer, useListPage } from '../../hooks/useListPage.ts';
import { reasonLabel } from './reasons.ts';
import { ReportForm } from './ReportForm.tsx';

const STATE_OPTIONS = [
  { value: 'true', label: '已处理' },
  { value: 'false', label: '未处理' },
];

function columns(onEdit: (r: Report) => void, onDelete: (r: Report) => void): TableColumnsType<Report> {
  return [
    idColumn(false),
    boolColumn('是否已处理', 'status', 100, ['已处理', '未处理']),
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
      render: (v: string, r) => <UserCell id={r.user_id} name={v} />,
    },
    { title: '处理描述', dataIndex: 'remark', width: 220, ellipsis: true, render: (v: string) => v || '-' },
    dateColumn('举报时间', 'created_at'),
    dateColumn('更新时间', 'updated_at'),
    editDeleteColumn(onEdit, onDelete, { editText: '处理', editTestId: (r) => `report-edit-${r.id}` }),
  ];
}

export function ReportList() {
  const list = useListPage<Report>(
    async (q) => {
      const status = q.str('status');
      return callPage(reportList, 'report', {
        ...pageAndWord(q),
        ...(status === 'true' || status === 'false' ? { status: [status === 'true'] } : {}),
      });
    },
    '获取举报列表失败',
    'clear-on-query',
  );
  const { q } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd'), status: q.str('status') || undefined }));
  const drawer = useEditDrawer<Report>(list.reload);
  const remove = useBatchDelete(list, deleteQuestion('条举报', '删除后不可恢复。'), (id) => call(reportDelete, { id }));

  return (
    <ListLayout>
      <SearchBar filters={f} keyword="文档标题或备注" actions={<BatchDeleteButton ids={list.ids} onDelete={remove} />}>
        <Select allowClear placeholder="状态" options={STATE_OPTIONS} {...f.bind('status')} style={{ width: 120 }} />
      </SearchBar>
      <ListTable list={list} columns={columns(drawer.show, (r) => remove([r.id]))} scrollX={1400} />
      <ReportForm {...drawer.props} />
    </ListLayout>
  );
}
