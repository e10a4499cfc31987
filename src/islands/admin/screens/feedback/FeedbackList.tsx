/** 意见反馈 /admin/feedback: guest messages, filters in the URL, reply drawer, (batch) delete. */
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { deleteFeedback, listFeedback } from '../../../../api/admin-comment.ts';
import type { Feedback } from '../../../../api/admin-comment.ts';
import { mapOk } from '../../../../api/http.ts';
import { DateTime, PlainText } from '../../components/cells.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import {
  BatchDeleteButton,
  FilterBar,
  FilterSelect,
  KeywordInput,
  ListLayout,
  SearchButton,
} from '../../components/ListToolbar.tsx';
import { editDeleteColumn } from '../../components/rowActions.tsx';
import { numList, optionsOf } from '../../hooks/queryFilters.ts';
import { useBatchDelete, useEditDrawer, useListPage, useQueryDraft } from '../../hooks/useListPage.ts';
import { FeedbackForm } from './FeedbackForm.tsx';
import { FEEDBACK_STATUS_LABELS } from '../../../../domain/status.ts';

const ROW_PROPS = { 'data-testid': 'admin-feedback-row' } as HTMLAttributes<HTMLElement>;

function columns(onReply: (f: Feedback) => void, onDelete: (f: Feedback) => void): TableColumnsType<Feedback> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70, fixed: 'left' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v: number) => <Tag color={v === 1 ? 'green' : 'orange'}>{FEEDBACK_STATUS_LABELS[v] ?? v}</Tag>,
    },
    { title: '称呼', dataIndex: 'name', width: 120, render: (v: string) => <PlainText value={v} width={110} /> },
    { title: '联系方式', dataIndex: 'contact', width: 160, render: (v: string) => <PlainText value={v} width={150} /> },
    { title: '内容', dataIndex: 'content', width: 300, render: (v: string) => <PlainText value={v} width={280} /> },
    { title: '回复', dataIndex: 'reply', width: 220, render: (v: string) => <PlainText value={v} width={200} /> },
    { title: 'IP', dataIndex: 'ip', width: 140, render: (v: string) => v || '-' },
    { title: '时间', dataIndex: 'created_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    editDeleteColumn(onReply, onDelete, { editText: '回复', editTestId: () => 'feedback-reply-open' }),
  ];
}

export function FeedbackList() {
  const list = useListPage<Feedback>(async (q) => {
    const w = q.str('wd');
    const r = await listFeedback({ page: q.page, size: q.size, ...(w ? { wd: w } : {}), status: numList(q, 'status') });
    return mapOk(r, (d) => ({ total: d.total, rows: d.feedback }));
  }, '获取意见反馈失败');
  const { q } = list;
  const [wd, setWd] = useQueryDraft(q, () => q.str('wd'));
  const [statuses, setStatuses] = useQueryDraft(q, () => numList(q, 'status'));
  const drawer = useEditDrawer<Feedback>(list.reload);
  const remove = useBatchDelete(list, (n) => `您确定要删除选中的【${n}】条反馈吗？删除之后不可恢复。`, deleteFeedback);
  const search = () => q.update({ wd: wd.trim(), status: statuses, page: 1 });

  return (
    <ListLayout>
      <FilterBar>
        <KeywordInput placeholder="内容、称呼、联系方式或回复" value={wd} onChange={setWd} onSearch={search} width={240} />
        <FilterSelect
          placeholder="状态"
          options={optionsOf(FEEDBACK_STATUS_LABELS)}
          value={statuses}
          onChange={setStatuses}
          testId="filter-status"
        />
        <SearchButton onClick={search} />
        <BatchDeleteButton ids={list.ids} onDelete={remove} />
      </FilterBar>
      <ListTable list={list} columns={columns(drawer.show, (f) => remove([f.id]))} scrollX={1500} onRow={() => ROW_PROPS} />
      <FeedbackForm open={drawer.open} feedback={drawer.value} onClose={drawer.close} onSaved={drawer.saved} />
    </ListLayout>
  );
}
