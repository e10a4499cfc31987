/** 处罚管理 /admin/user/punishment (screens §8.5): filters in the URL, create/edit drawer, batch cancel. */
import { PlusOutlined, SearchOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { cancelPunishments, listPunishments, PUNISHMENT_TYPE_NAMES } from '../../../../api/admin-punishment.ts';
import type { Punishment } from '../../../../api/admin-punishment.ts';
import { mapOk } from '../../../../api/http.ts';
import { userUrl } from '../../../../lib/urls.ts';
import { DateTime } from '../../components/cells.tsx';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { numList, optionsOf, PlainText, useAct, useListData } from '../article/listing.tsx';
import { PunishmentForm } from './PunishmentForm.tsx';
import { UserSelect } from './UserSelect.tsx';

function EnableCell({ p }: { p: Punishment }) {
  if (!p.enable) return <Tag>否</Tag>;
  const expired = Boolean(p.end_time && new Date(p.end_time).getTime() <= Date.now());
  return expired ? <Tag color="default">已过期</Tag> : <Tag color="red">是</Tag>;
}

function columns(onEdit: (p: Punishment) => void): TableColumnsType<Punishment> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70, fixed: 'left' },
    { title: '启用处罚', dataIndex: 'enable', width: 90, render: (_: boolean, p) => <EnableCell p={p} /> },
    { title: '类型', dataIndex: 'type', width: 120, render: (v: number) => <Tag color="volcano">{PUNISHMENT_TYPE_NAMES[v] ?? v}</Tag> },
    {
      title: '用户',
      dataIndex: 'username',
      width: 140,
      ellipsis: true,
      render: (_: string, p) => (
        <a href={userUrl(p.user_id)} target="_blank" rel="noopener noreferrer">
          {p.username || `#${p.user_id}`}
        </a>
      ),
    },
    { title: '截止时间', dataIndex: 'end_time', width: 170, render: (v: string | null) => (v ? <DateTime value={v} /> : <Tag color="red">永久</Tag>) },
    { title: '原因', dataIndex: 'reason', width: 200, render: (v: string) => <PlainText value={v} width={190} /> },
    { title: '备注', dataIndex: 'remark', width: 200, render: (v: string) => <PlainText value={v} width={190} /> },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_: unknown, p) => (
        <Button type="link" size="small" onClick={() => onEdit(p)}>
          编辑
        </Button>
      ),
    },
  ];
}

export function PunishmentList() {
  const q = useUrlQuery();
  const confirm = useConfirm();
  const act = useAct();
  const [userIds, setUserIds] = useState<number[]>(q.ids('user_id'));
  const [types, setTypes] = useState<number[]>(numList(q, 'type'));
  const [wd, setWd] = useState(q.str('wd'));
  const [editing, setEditing] = useState<Punishment | null>(null);
  const [open, setOpen] = useState(false);

  const list = useListData<Punishment>(
    async () => {
      const w = q.str('wd');
      const r = await listPunishments({
        page: q.page,
        size: q.size,
        ...(w ? { wd: w } : {}),
        user_id: q.ids('user_id'),
        type: numList(q, 'type'),
      });
      return mapOk(r, (d) => ({ total: d.total, rows: d.punishment }));
    },
    q.key,
    '获取处罚列表失败',
  );
  useEffect(() => {
    setUserIds(q.ids('user_id'));
    setTypes(numList(q, 'type'));
    setWd(q.str('wd'));
  }, [q.key]);

  const ids = list.selected.map(Number);
  const search = () => q.update({ user_id: userIds, type: types, wd: wd.trim(), page: 1 });
  const edit = (p: Punishment | null) => {
    setEditing(p);
    setOpen(true);
  };
  const cancel = () =>
    confirm(`您确定要取消选中的【${ids.length}】条处罚吗？取消后这些处罚将不再生效。`, async () => {
      if (await act(cancelPunishments(ids), '已取消处罚', '取消处罚失败')) {
        list.setSelected([]);
        await list.reload();
      }
    });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <UserSelect value={userIds} onChange={setUserIds} placeholder="用户" style={{ minWidth: 200 }} testId="filter-user" />
          <Select
            mode="multiple"
            allowClear
            placeholder="类型"
            options={optionsOf(PUNISHMENT_TYPE_NAMES)}
            value={types}
            onChange={setTypes}
            style={{ minWidth: 160 }}
            maxTagCount="responsive"
          />
          <Input
            allowClear
            placeholder="原因或备注"
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onPressEnter={search}
            style={{ width: 200 }}
            data-testid="filter-wd"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => edit(null)} data-testid="punishment-create">
            新增
          </Button>
          <Button danger icon={<StopOutlined />} disabled={!ids.length} onClick={cancel}>
            批量取消
          </Button>
        </Space>
      </Card>
      <Card size="small">
        <Table
          rowKey="id"
          size="middle"
          loading={list.loading}
          columns={columns(edit)}
          dataSource={list.rows}
          scroll={{ x: 1500 }}
          rowSelection={{ selectedRowKeys: list.selected, onChange: list.setSelected }}
          pagination={urlPagination(q, list.total)}
        />
      </Card>
      <PunishmentForm
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
