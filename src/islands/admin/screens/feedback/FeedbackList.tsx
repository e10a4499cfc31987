/** 意见反馈 /admin/feedback: guest messages, filters in the URL, reply drawer, (batch) delete. */
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { call, callPage } from '../../../../api/call.ts';
import { feedbackDelete, feedbackList } from '../../../../api/generated/feedback.ts';
import type { Feedback } from '../../../../contract/feedback.ts';
import { dateColumn, idColumn, textColumn } from '../../components/columns.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { BatchDeleteButton, ListLayout, SearchBar, StatusSelect } from '../../components/ListToolbar.tsx';
import { editDeleteColumn } from '../../components/rowActions.tsx';
import { numList, pageAndWord } from '../../hooks/queryFilters.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { deleteQuestion, useBatchDelete, useEditDrawer, useListPage } from '../../hooks/useListPage.ts';
import { FeedbackForm } from './FeedbackForm.tsx';
import { FEEDBACK_STATUS_LABELS } from '../../../../domain/status.ts';

const ROW_PROPS = { 'data-testid': 'admin-feedback-row' } as HTMLAttributes<HTMLElement>;

function columns(onReply: (f: Feedback) => void, onDelete: (f: Feedback) => void): TableColumnsType<Feedback> {
  return [
    idColumn(),
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v: number) => <Tag color={v === 1 ? 'green' : 'orange'}>{FEEDBACK_STATUS_LABELS[v] ?? v}</Tag>,
    },
    textColumn('称呼', 'name', 120),
    textColumn('联系方式', 'contact', 160),
    textColumn('内容', 'content', 300, 280),
    textColumn('回复', 'reply', 220, 200),
    { title: 'IP', dataIndex: 'ip', width: 140, render: (v: string) => v || '-' },
    dateColumn('时间', 'created_at'),
    editDeleteColumn(onReply, onDelete, { editText: '回复', editTestId: () => 'feedback-reply-open' }),
  ];
}

export function FeedbackList() {
  const list = useListPage<Feedback>(
    (q) => callPage(feedbackList, 'feedback', { ...pageAndWord(q), status: numList(q, 'status') }),
    '获取意见反馈失败',
  );
  const { q } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd'), status: numList(q, 'status') }));
  const drawer = useEditDrawer<Feedback>(list.reload);
  const remove = useBatchDelete(list, deleteQuestion('条反馈'), (ids) => call(feedbackDelete, { id: ids }));

  return (
    <ListLayout>
      <SearchBar
        filters={f}
        keyword="内容、称呼、联系方式或回复"
        keywordWidth={240}
        actions={<BatchDeleteButton ids={list.ids} onDelete={remove} />}
      >
        <StatusSelect labels={FEEDBACK_STATUS_LABELS} {...f.bind('status')} minWidth={140} />
      </SearchBar>
      <ListTable list={list} columns={columns(drawer.show, (f) => remove([f.id]))} scrollX={1500} onRow={() => ROW_PROPS} />
      <FeedbackForm {...drawer.props} />
    </ListLayout>
  );
}
