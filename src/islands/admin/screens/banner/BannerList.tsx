/** 轮播图管理 /admin/banner (screens §8.6): filters in the URL, create/edit drawer, (batch) delete. */
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Image, Input, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { adminListBanners, BANNER_TYPE_NAMES, deleteBanners } from '../../../../api/admin-site.ts';
import type { Banner } from '../../../../api/admin-site.ts';
import { mapOk } from '../../../../api/http.ts';
import { BoolTag, DateTime } from '../../components/cells.tsx';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { ENABLE_OPTIONS, enableFilter, numList, optionsOf, PlainText, SafeLink, useAct, useListData } from '../article/listing.tsx';
import { BannerForm } from './BannerForm.tsx';

function columns(onEdit: (b: Banner) => void, onDelete: (b: Banner) => void): TableColumnsType<Banner> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70, fixed: 'left' },
    {
      title: '轮播图',
      dataIndex: 'path',
      width: 200,
      render: (v: string) => (v ? <Image src={v} alt="" width={180} style={{ objectFit: 'cover' }} /> : '-'),
    },
    { title: '类型', dataIndex: 'type', width: 80, render: (v: number) => <Tag>{BANNER_TYPE_NAMES[v] ?? v}</Tag> },
    { title: '是否启用', dataIndex: 'enable', width: 90, render: (v: boolean) => <BoolTag value={v} /> },
    { title: '名称', dataIndex: 'title', width: 160, render: (v: string) => <PlainText value={v} width={150} /> },
    { title: '链接', dataIndex: 'url', width: 200, ellipsis: true, render: (v: string) => (v ? <SafeLink href={v}>{v}</SafeLink> : '-') },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '备注', dataIndex: 'description', width: 180, render: (v: string) => <PlainText value={v} width={170} /> },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_: unknown, b) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(b)}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => onDelete(b)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

export function BannerList() {
  const q = useUrlQuery();
  const confirm = useConfirm();
  const act = useAct();
  const [wd, setWd] = useState(q.str('wd'));
  const [types, setTypes] = useState<number[]>(numList(q, 'type'));
  const [enable, setEnable] = useState<string[]>(q.list('enable'));
  const [editing, setEditing] = useState<Banner | null>(null);
  const [open, setOpen] = useState(false);

  const list = useListData<Banner>(
    async () => {
      const w = q.str('wd');
      const r = await adminListBanners({ page: q.page, size: q.size, ...(w ? { wd: w } : {}), type: numList(q, 'type'), enable: enableFilter(q) });
      return mapOk(r, (d) => ({ total: d.total, rows: d.banner }));
    },
    q.key,
    '获取轮播图列表失败',
  );
  useEffect(() => {
    setWd(q.str('wd'));
    setTypes(numList(q, 'type'));
    setEnable(q.list('enable'));
  }, [q.key]);

  const ids = list.selected.map(Number);
  const search = () => q.update({ wd: wd.trim(), type: types, enable, page: 1 });
  const edit = (b: Banner | null) => {
    setEditing(b);
    setOpen(true);
  };
  const remove = (targets: number[]) =>
    confirm(`您确定要删除选中的【${targets.length}】个轮播图吗？删除之后不可恢复。`, async () => {
      if (await act(deleteBanners(targets), '删除成功', '删除失败')) {
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
            placeholder="名称或描述"
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onPressEnter={search}
            style={{ width: 220 }}
            data-testid="filter-wd"
          />
          <Select mode="multiple" allowClear placeholder="类型" options={optionsOf(BANNER_TYPE_NAMES)} value={types} onChange={setTypes} style={{ minWidth: 140 }} />
          <Select mode="multiple" allowClear placeholder="状态" options={ENABLE_OPTIONS} value={enable} onChange={setEnable} style={{ minWidth: 120 }} />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => edit(null)} data-testid="banner-create">
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
          columns={columns(edit, (b) => remove([b.id]))}
          dataSource={list.rows}
          scroll={{ x: 1500 }}
          rowSelection={{ selectedRowKeys: list.selected, onChange: list.setSelected }}
          pagination={urlPagination(q, list.total)}
        />
      </Card>
      <BannerForm
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
