/** 搜索记录 /admin/document/searchrecord (screens §8.3): keyword, IP and order filters, (batch) delete. */
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Select, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import type { Key } from 'react';
import { deleteSearchRecords, listSearchRecords } from '../../../../api/admin-operations.ts';
import type { SearchRecord } from '../../../../api/admin-operations.ts';
import { isOk, mapOk, messageOf } from '../../../../api/http.ts';
import { searchUrl, userUrl } from '../../../../lib/urls.ts';
import { DateTime } from '../../components/cells.tsx';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { useRemoteList } from '../document/common/useRemoteList.ts';

const ORDERS = [
  { value: 'id desc', label: '最新' },
  { value: 'id asc', label: '最早' },
  { value: 'total desc', label: '结果数倒序' },
  { value: 'total asc', label: '结果数顺序' },
  { value: 'spend_time desc', label: '耗时倒序' },
  { value: 'spend_time asc', label: '耗时顺序' },
];

function columns(onDelete: (r: SearchRecord) => void): TableColumnsType<SearchRecord> {
  return [
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: '用户',
      dataIndex: 'username',
      width: 120,
      render: (v: string | undefined, r) =>
        r.user_id ? (
          <a href={userUrl(r.user_id)} target="_blank" rel="noreferrer">
            {v || `#${r.user_id}`}
          </a>
        ) : (
          <Typography.Text type="secondary">游客</Typography.Text>
        ),
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
    { title: '搜索时间', dataIndex: 'created_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    { title: '客户端', dataIndex: 'user_agent', width: 260, ellipsis: { showTitle: true }, render: (v: string) => v || '-' },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button type="link" size="small" danger onClick={() => onDelete(r)}>
          删除
        </Button>
      ),
    },
  ];
}

export function SearchRecordList() {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const q = useUrlQuery();
  const [wd, setWd] = useState('');
  const [ip, setIp] = useState('');
  const [order, setOrder] = useState<string | undefined>();
  const [selected, setSelected] = useState<Key[]>([]);

  const list = useRemoteList(
    q.key,
    async () => {
      const keywords = q.str('wd');
      const ipNow = q.str('ip');
      const orderNow = q.str('order');
      const r = await listSearchRecords({
        page: q.page,
        size: q.size,
        ...(keywords ? { keywords } : {}),
        ...(ipNow ? { ip: ipNow } : {}),
        ...(orderNow ? { order: orderNow } : {}),
      });
      return mapOk(r, (d) => ({ total: d.total, rows: d.search_record }));
    },
    '获取搜索记录失败',
  );

  useEffect(() => {
    setWd(q.str('wd'));
    setIp(q.str('ip'));
    setOrder(q.str('order') || undefined);
    setSelected([]);
  }, [q.key]);

  const search = () => q.update({ wd: wd.trim(), ip: ip.trim(), order, page: 1 });
  const remove = (ids: number[]) =>
    confirm(`您确定要删除选中的【${ids.length}】条搜索记录吗？删除后不可恢复。`, async () => {
      const r = await deleteSearchRecords({ id: ids });
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
            placeholder="搜索关键字"
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onPressEnter={search}
            style={{ width: 200 }}
            data-testid="filter-wd"
          />
          <Input allowClear placeholder="IP" value={ip} onChange={(e) => setIp(e.target.value)} onPressEnter={search} style={{ width: 160 }} />
          <Select allowClear placeholder="排序" options={ORDERS} value={order} onChange={setOrder} style={{ width: 140 }} />
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
          columns={columns((r) => remove([r.id]))}
          dataSource={list.rows}
          scroll={{ x: 1400 }}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
          pagination={urlPagination(q, list.total)}
        />
      </Card>
    </Space>
  );
}
