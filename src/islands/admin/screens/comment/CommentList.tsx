/** 评论管理 /admin/comment (screens §8.6): filters in the URL, batch delete and review, 评论编审 drawer. */
import { DeleteOutlined, DownOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Input, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { adminListComments, checkComments, COMMENT_STATUS_NAMES, COMMENT_TYPE_NAMES, deleteComments } from '../../../../api/admin-comment.ts';
import type { AdminComment } from '../../../../api/admin-comment.ts';
import { mapOk } from '../../../../api/http.ts';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { numList, optionsOf, useAct, useListData } from '../article/listing.tsx';
import { commentColumns } from './commentColumns.tsx';
import { CommentForm } from './CommentForm.tsx';

const CHECKS = [
  { key: '1', label: '审核通过' },
  { key: '2', label: '审核拒绝' },
  { key: '0', label: '变为待审' },
];

export function CommentList() {
  const q = useUrlQuery();
  const confirm = useConfirm();
  const act = useAct();
  const [wd, setWd] = useState(q.str('wd'));
  const [types, setTypes] = useState<number[]>(numList(q, 'type'));
  const [statuses, setStatuses] = useState<number[]>(numList(q, 'status'));
  const [editing, setEditing] = useState<AdminComment | null>(null);
  const [open, setOpen] = useState(false);

  const list = useListData<AdminComment>(
    async () => {
      const w = q.str('wd');
      const r = await adminListComments({
        page: q.page,
        size: q.size,
        ...(w ? { wd: w } : {}),
        type: numList(q, 'type'),
        status: numList(q, 'status'),
      });
      return mapOk(r, (d) => ({ total: d.total, rows: d.comment }));
    },
    q.key,
    '获取评论列表失败',
  );
  useEffect(() => {
    setWd(q.str('wd'));
    setTypes(numList(q, 'type'));
    setStatuses(numList(q, 'status'));
  }, [q.key]);

  const ids = list.selected.map(Number);
  const search = () => q.update({ wd: wd.trim(), type: types, status: statuses, page: 1 });
  const done = async (ok: boolean) => {
    if (!ok) return;
    list.setSelected([]);
    await list.reload();
  };

  const remove = (targets: number[]) =>
    confirm(`您确定要删除选中的【${targets.length}】条评论吗？一级评论的回复也会被一并删除，删除之后不可恢复。`, async () =>
      done(await act(deleteComments(targets), '删除成功', '删除失败')),
    );

  const check = (status: number) =>
    void act(checkComments(ids, status), `已将选中的评论设为${COMMENT_STATUS_NAMES[status]}`, '审核失败').then(done);

  const columns = commentColumns({
    onEdit: (c) => {
      setEditing(c);
      setOpen(true);
    },
    onDelete: (c) => remove([c.id]),
  });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Input
            allowClear
            placeholder="评论内容"
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onPressEnter={search}
            style={{ width: 220 }}
            data-testid="filter-wd"
          />
          <Select
            mode="multiple"
            allowClear
            placeholder="类型"
            options={optionsOf(COMMENT_TYPE_NAMES)}
            value={types}
            onChange={setTypes}
            style={{ minWidth: 140 }}
          />
          <Select
            mode="multiple"
            allowClear
            placeholder="状态"
            options={optionsOf(COMMENT_STATUS_NAMES)}
            value={statuses}
            onChange={setStatuses}
            style={{ minWidth: 160 }}
            data-testid="filter-status"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={!ids.length} onClick={() => remove(ids)}>
            批量删除
          </Button>
          <Dropdown disabled={!ids.length} menu={{ items: CHECKS, onClick: ({ key }) => check(Number(key)) }}>
            <Button disabled={!ids.length} data-testid="comment-batch-check">
              批量审核 <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      </Card>
      <Card size="small">
        <Table
          rowKey="id"
          size="middle"
          loading={list.loading}
          columns={columns}
          dataSource={list.rows}
          scroll={{ x: 1500 }}
          rowSelection={{ selectedRowKeys: list.selected, onChange: list.setSelected }}
          pagination={urlPagination(q, list.total)}
        />
      </Card>
      <CommentForm
        open={open}
        comment={editing}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void list.reload();
        }}
      />
    </Space>
  );
}
