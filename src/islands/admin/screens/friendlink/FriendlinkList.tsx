/** 友链管理 /admin/friendlink (screens §8.6): filters in the URL, create/edit drawer, (batch) delete. */
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { adminListFriendlinks, deleteFriendlinks } from '../../../../api/admin-site.ts';
import type { Friendlink } from '../../../../api/admin-site.ts';
import { mapOk } from '../../../../api/http.ts';
import { BoolTag, DateTime } from '../../components/cells.tsx';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { ENABLE_OPTIONS, enableFilter, PlainText, SafeLink, useAct, useListData } from '../article/listing.tsx';
import { FriendlinkForm } from './FriendlinkForm.tsx';

function columns(onEdit: (f: Friendlink) => void, onDelete: (f: Friendlink) => void): TableColumnsType<Friendlink> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70, fixed: 'left' },
    { title: '状态', dataIndex: 'enable', width: 80, render: (v: boolean) => <BoolTag value={v} yes="启用" no="禁用" /> },
    { title: '名称', dataIndex: 'title', width: 180, ellipsis: true, render: (v: string, f) => <SafeLink href={f.link}>{v || f.link}</SafeLink> },
    { title: '链接', dataIndex: 'link', width: 240, ellipsis: true },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '描述', dataIndex: 'description', width: 200, render: (v: string) => <PlainText value={v} width={190} /> },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_: unknown, f) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(f)}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => onDelete(f)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

export function FriendlinkList() {
  const q = useUrlQuery();
  const confirm = useConfirm();
  const act = useAct();
  const [wd, setWd] = useState(q.str('wd'));
  const [enable, setEnable] = useState<string[]>(q.list('enable'));
  const [editing, setEditing] = useState<Friendlink | null>(null);
  const [open, setOpen] = useState(false);

  const list = useListData<Friendlink>(
    async () => {
      const w = q.str('wd');
      const r = await adminListFriendlinks({ page: q.page, size: q.size, ...(w ? { wd: w } : {}), enable: enableFilter(q) });
      return mapOk(r, (d) => ({ total: d.total, rows: d.friendlink }));
    },
    q.key,
    '获取友链列表失败',
  );
  useEffect(() => {
    setWd(q.str('wd'));
    setEnable(q.list('enable'));
  }, [q.key]);

  const ids = list.selected.map(Number);
  const search = () => q.update({ wd: wd.trim(), enable, page: 1 });
  const edit = (f: Friendlink | null) => {
    setEditing(f);
    setOpen(true);
  };
  const remove = (targets: number[]) =>
    confirm(`您确定要删除选中的【${targets.length}】个友链吗？删除之后不可恢复。`, async () => {
      if (await act(deleteFriendlinks(targets), '删除成功', '删除失败')) {
        list.setSelected([]);
        await list.reload();
      }
    });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Input
            allowClear
            placeholder="名称、链接或描述"
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onPressEnter={search}
            style={{ width: 220 }}
            data-testid="filter-wd"
          />
          <Select mode="multiple" allowClear placeholder="状态" options={ENABLE_OPTIONS} value={enable} onChange={setEnable} style={{ minWidth: 120 }} />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => edit(null)} data-testid="friendlink-create">
            新增
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
          columns={columns(edit, (f) => remove([f.id]))}
          dataSource={list.rows}
          scroll={{ x: 1300 }}
          rowSelection={{ selectedRowKeys: list.selected, onChange: list.setSelected }}
          pagination={urlPagination(q, list.total)}
        />
      </Card>
      <FriendlinkForm
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
