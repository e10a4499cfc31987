/** 搜索记录 /admin/document/searchrecord (screens §8.3): keyword, IP and order filters, (batch) delete. */
import { Select } from 'antd';
import type { TableColumnsType } from 'antd';
import { searchUrl } from '../../../../domain/urls.ts';
import { UserCell } from '../../components/cells.tsx';
import { dateColumn } from '../../components/columns.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { BatchDeleteButton, ListLayout, SearchBar, TextFilter } from '../../components/ListToolbar.tsx';
import { actionsColumn } from '../../components/rowActions.tsx';
import { setFilters } from '../../hooks/queryFilters.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { deleteQuestion, useBatchDelete, useListPage } from '../../hooks/useListPage.ts';
import { call, callPage } from '../../../../api/call.ts';
import { searchrecordDelete, searchrecordList } from '../../../../api/generated/searchrecord.ts';
import type { SearchRecord } from '../../../../contract/search.ts';

/** The orders the list offers: `order` value → label. */
const ORDER_LABELS = {
  'id desc': '最新',
  'id asc': '最早',
  'total desc': '结果数倒序',
  'total asc': '结果数顺序',
  'spend_time desc': '耗时倒序',
  'spend_time asc': '耗时顺序',
};
const ORDERS = Object.entries(ORDER_LABELS).map(([value, label]) => ({ value, label }));

function columns(onDelete: (r: SearchRecord) => void): TableColumnsType<SearchRecord> {
  return [
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: '用户',
      dataIndex: 'username',
      width: 120,
      render: (v: string | undefined, r) => <UserCell id={r.user_id} name={v} anonymous="游客" />,
    },
    {
      title: '关键字',
      dataIndex: 'keywords',
      width: 200,
      ellipsis: true,
      render: (v: string, r) => (
        <a href={searchUrl(v, r.type === 1 ? 1 : 0)} target="_blank" rel="noreferrer">
          {v}
        </a>
      ),
    },
    { title: '结果数', dataIndex: 'total', width: 90 },
    { title: '页码', dataIndex: 'page', width: 70 },
    { title: 'IP', dataIndex: 'ip', width: 140, render: (v: string) => v || '-' },
    { title: '耗时(秒)', dataIndex: 'spend_time', width: 100, render: (v: number) => v.toFixed(3) },
    dateColumn<SearchRecord>('搜索时间', 'created_at'),
    { title: '客户端', dataIndex: 'user_agent', width: 260, ellipsis: { showTitle: true }, render: (v: string) => v || '-' },
    actionsColumn<SearchRecord>(80, (r) => [{ label: '删除', onClick: () => onDelete(r), danger: true }]),
  ];
}

export function SearchRecordList() {
  const list = useListPage<SearchRecord>(
    async (q) => {
      const filters = setFilters({ keywords: q.str('wd'), ip: q.str('ip'), order: q.str('order') });
      return callPage(searchrecordList, 'search_record', { page: q.page, size: q.size, ...filters });
    },
    '获取搜索记录失败',
    'clear-on-query',
  );
  const { q } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd'), ip: q.str('ip'), order: q.str('order') || undefined }));
  const remove = useBatchDelete(list, deleteQuestion('条搜索记录', '删除后不可恢复。'), (id) => call(searchrecordDelete, { id }));

  return (
    <ListLayout>
      <SearchBar
        filters={f}
        keyword="搜索关键字"
        keywordWidth={200}
        actions={<BatchDeleteButton ids={list.ids} onDelete={remove} />}
      >
        <TextFilter placeholder="IP" {...f.bind('ip')} onSearch={f.search} width={160} />
        <Select allowClear placeholder="排序" options={ORDERS} {...f.bind('order')} style={{ width: 140 }} />
      </SearchBar>
      <ListTable list={list} columns={columns((r) => remove([r.id]))} scrollX={1400} />
    </ListLayout>
  );
}
