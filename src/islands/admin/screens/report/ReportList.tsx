/** 举报管理 /admin/report (screens §8.6): keyword and state filters in the URL, handling drawer, (batch) delete. */
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import type { Key } from 'react';
import { deleteReports, listReports } from '../../../../api/admin-operations.ts';
import type { Report } from '../../../../api/admin-operations.ts';
import { isOk, mapOk, messageOf } from '../../../../api/http.ts';
import { documentUrl, userUrl } from '../../../../lib/urls.ts';
import { BoolTag, DateTime } from '../../components/cells.tsx';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { useRemoteList } from '../document/common/useRemoteList.ts';
import { reasonLabel } from './reasons.ts';
import { ReportForm } from './ReportForm.tsx';

const STATE_OPTIONS = [
  { value: 'true', label: '已处理' },
  { value: 'false', label: '未处理' },
];

function columns(onEdit: (r: Report) => void, onDelete: (r: Report) => void): TableColumnsType<Report> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: '是否已处理', dataIndex: 'status', width: 100, render: (v: boolean) => <BoolTag value={v} yes="已处理" no="未处理" /> },
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
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(r)} data-testid={`report-edit-${r.id}`}>
            处理
          </Button>
          <Button type="link" size="small" danger onClick={() => onDelete(r)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

export function ReportList() {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const q = useUrlQuery();
  const [wd, setWd] = useState('');
  const [state, setState] = useState<string | undefined>();
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<Report | null>(null);
  const [open, setOpen] = useState(false);

  const list = useRemoteList(
    q.key,
    async () => {
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
  );

  useEffect(() => {
    setWd(q.str('wd'));
    setState(q.str('status') || undefined);
    setSelected([]);
  }, [q.key]);

  const search = () => q.update({ wd: wd.trim(), status: state, page: 1 });
  const remove = (ids: number[]) =>
    confirm(`您确定要删除选中的【${ids.length}】条举报吗？删除后不可恢复。`, async () => {
      const r = await deleteReports({ id: ids });
      if (!isOk(r)) {
        message.error(messageOf(r, '删除失败'));
        return;
      }
      message.success('删除成功');
      setSelected([]);
      await list.reload();
    });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Input
            allowClear
            placeholder="文档标题或备注"
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onPressEnter={search}
            style={{ width: 220 }}
            data-testid="filter-wd"
          />
          <Select allowClear placeholder="状态" options={STATE_OPTIONS} value={state} onChange={setState} style={{ width: 120 }} />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => remove(selected.map(Number))}>
            批量删除
          </Button>
        </Space>
      </Card>
      <Card size="small">
        <Table
          rowKey="id"
          size="middle"
          loading={list.loading}
          columns={columns(
            (r) => {
              setEditing(r);
              setOpen(true);
            },
            (r) => remove([r.id]),
          )}
          dataSource={list.rows}
          scroll={{ x: 1400 }}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
          pagination={urlPagination(q, list.total)}
        />
      </Card>
      <ReportForm
        open={open}
        value={editing}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void list.reload();
        }}
      />
    </Space>
  );
}
