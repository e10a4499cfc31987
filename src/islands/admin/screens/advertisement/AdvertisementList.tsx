/** 广告管理 /admin/advertisement (screens §8.6): filters in the URL, create/edit drawer, (batch) delete. */
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Table, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { deleteAdvertisements, listAdvertisements } from '../../../../api/admin-site.ts';
import type { Advertisement } from '../../../../api/admin-site.ts';
import { mapOk } from '../../../../api/http.ts';
import { AD_POSITION_LABELS } from '../../../../contract/advertisement.ts';
import { BoolTag, DateTime } from '../../components/cells.tsx';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { ENABLE_OPTIONS, enableFilter, PlainText, useAct, useListData } from '../article/listing.tsx';
import { AdvertisementForm, POSITION_OPTIONS } from './AdvertisementForm.tsx';

const time = (title: string, key: 'start_time' | 'end_time' | 'created_at' | 'updated_at') => ({
  title,
  dataIndex: key,
  width: 170,
  render: (v: string | null) => <DateTime value={v} />,
});

function columns(onEdit: (a: Advertisement) => void, onDelete: (a: Advertisement) => void): TableColumnsType<Advertisement> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70, fixed: 'left' },
    { title: '状态', dataIndex: 'enable', width: 80, render: (v: boolean) => <BoolTag value={v} yes="启用" no="禁用" /> },
    {
      title: '广告位',
      dataIndex: 'position',
      width: 170,
      render: (v: string) => <Tooltip title={v}>{AD_POSITION_LABELS[v] ?? v}</Tooltip>,
    },
    { title: '广告名称', dataIndex: 'title', width: 180, render: (v: string) => <PlainText value={v} width={170} /> },
    { title: '广告备注', dataIndex: 'remark', width: 200, render: (v: string) => <PlainText value={v} width={190} /> },
    time('开始时间', 'start_time'),
    time('截止时间', 'end_time'),
    time('创建时间', 'created_at'),
    time('更新时间', 'updated_at'),
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_: unknown, a) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(a)}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => onDelete(a)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

export function AdvertisementList() {
  const q = useUrlQuery();
  const confirm = useConfirm();
  const act = useAct();
  const [wd, setWd] = useState(q.str('wd'));
  const [enable, setEnable] = useState<string[]>(q.list('enable'));
  const [positions, setPositions] = useState<string[]>(q.list('position'));
  const [editing, setEditing] = useState<Advertisement | null>(null);
  const [open, setOpen] = useState(false);

  const list = useListData<Advertisement>(
    async () => {
      const w = q.str('wd');
      const r = await listAdvertisements({
        page: q.page,
        size: q.size,
        ...(w ? { wd: w } : {}),
        enable: enableFilter(q),
        position: q.list('position'),
      });
      return mapOk(r, (d) => ({ total: d.total, rows: d.advertisement }));
    },
    q.key,
    '获取广告列表失败',
  );
  useEffect(() => {
    setWd(q.str('wd'));
    setEnable(q.list('enable'));
    setPositions(q.list('position'));
  }, [q.key]);

  const ids = list.selected.map(Number);
  const search = () => q.update({ wd: wd.trim(), enable, position: positions, page: 1 });
  const edit = (a: Advertisement | null) => {
    setEditing(a);
    setOpen(true);
  };
  const remove = (targets: number[]) =>
    confirm(`您确定要删除选中的【${targets.length}】个广告吗？删除之后不可恢复。`, async () => {
      if (await act(deleteAdvertisements(targets), '删除成功', '删除失败')) {
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
            placeholder="名称、代码或备注"
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onPressEnter={search}
            style={{ width: 220 }}
            data-testid="filter-wd"
          />
          <Select mode="multiple" allowClear placeholder="状态" options={ENABLE_OPTIONS} value={enable} onChange={setEnable} style={{ minWidth: 120 }} />
          <Select
            mode="multiple"
            allowClear
            placeholder="位置"
            options={POSITION_OPTIONS}
            value={positions}
            onChange={setPositions}
            style={{ minWidth: 220 }}
            maxTagCount="responsive"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => edit(null)} data-testid="advertisement-create">
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
          columns={columns(edit, (a) => remove([a.id]))}
          dataSource={list.rows}
          scroll={{ x: 1500 }}
          rowSelection={{ selectedRowKeys: list.selected, onChange: list.setSelected }}
          pagination={urlPagination(q, list.total)}
        />
      </Card>
      <AdvertisementForm
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
