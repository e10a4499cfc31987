/** 意见反馈 /admin/feedback: guest messages, filters in the URL, reply drawer, (batch) delete. */
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import type { HTMLAttributes } from 'react';
import { deleteFeedback, FEEDBACK_STATUS_NAMES, listFeedback } from '../../../../api/admin-comment.ts';
import type { Feedback } from '../../../../api/admin-comment.ts';
import { mapOk } from '../../../../api/http.ts';
import { DateTime } from '../../components/cells.tsx';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { numList, optionsOf, PlainText, useAct, useListData } from '../article/listing.tsx';
import { FeedbackForm } from './FeedbackForm.tsx';

const ROW_PROPS = { 'data-testid': 'admin-feedback-row' } as HTMLAttributes<HTMLElement>;

function columns(onReply: (f: Feedback) => void, onDelete: (f: Feedback) => void): TableColumnsType<Feedback> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70, fixed: 'left' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v: number) => <Tag color={v === 1 ? 'green' : 'orange'}>{FEEDBACK_STATUS_NAMES[v] ?? v}</Tag>,
    },
    { title: '称呼', dataIndex: 'name', width: 120, render: (v: string) => <PlainText value={v} width={110} /> },
    { title: '联系方式', dataIndex: 'contact', width: 160, render: (v: string) => <PlainText value={v} width={150} /> },
    { title: '内容', dataIndex: 'content', width: 300, render: (v: string) => <PlainText value={v} width={280} /> },
    { title: '回复', dataIndex: 'reply', width: 220, render: (v: string) => <PlainText value={v} width={200} /> },
    { title: 'IP', dataIndex: 'ip', width: 140, render: (v: string) => v || '-' },
    { title: '时间', dataIndex: 'created_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_: unknown, f) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onReply(f)} data-testid="feedback-reply-open">
            回复
          </Button>
          <Button type="link" size="small" danger onClick={() => onDelete(f)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

export function FeedbackList() {
  const q = useUrlQuery();
  const confirm = useConfirm();
  const act = useAct();
  const [wd, setWd] = useState(q.str('wd'));
  const [statuses, setStatuses] = useState<number[]>(numList(q, 'status'));
  const [editing, setEditing] = useState<Feedback | null>(null);
  const [open, setOpen] = useState(false);

  const list = useListData<Feedback>(
    async () => {
      const w = q.str('wd');
      const r = await listFeedback({ page: q.page, size: q.size, ...(w ? { wd: w } : {}), status: numList(q, 'status') });
      return mapOk(r, (d) => ({ total: d.total, rows: d.feedback }));
    },
    q.key,
    '获取意见反馈失败',
  );
  useEffect(() => {
    setWd(q.str('wd'));
    setStatuses(numList(q, 'status'));
  }, [q.key]);

  const ids = list.selected.map(Number);
  const search = () => q.update({ wd: wd.trim(), status: statuses, page: 1 });
  const remove = (targets: number[]) =>
    confirm(`您确定要删除选中的【${targets.length}】条反馈吗？删除之后不可恢复。`, async () => {
      if (await act(deleteFeedback(targets), '删除成功', '删除失败')) {
        list.setSelected([]);
        await list.reload();
      }
    });

  const reply = (f: Feedback) => {
    setEditing(f);
    setOpen(true);
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Input
            allowClear
            placeholder="内容、称呼、联系方式或回复"
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onPressEnter={search}
            style={{ width: 240 }}
            data-testid="filter-wd"
          />
          <Select
            mode="multiple"
            allowClear
            placeholder="状态"
            options={optionsOf(FEEDBACK_STATUS_NAMES)}
            value={statuses}
            onChange={setStatuses}
            style={{ minWidth: 140 }}
            data-testid="filter-status"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={!ids.length} onClick={() => remove(ids)}>
            批量删除
          </Button>
        </Space>
      </Card>
      <Card size="small">
        <Table
          rowKey="id"
          size="middle"
          loading={list.loading}
          columns={columns(reply, (f) => remove([f.id]))}
          dataSource={list.rows}
          scroll={{ x: 1500 }}
          onRow={() => ROW_PROPS}
          rowSelection={{ selectedRowKeys: list.selected, onChange: list.setSelected }}
          pagination={urlPagination(q, list.total)}
        />
      </Card>
      <FeedbackForm
        open={open}
        feedback={editing}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void list.reload();
        }}
      />
    </Space>
  );
}
