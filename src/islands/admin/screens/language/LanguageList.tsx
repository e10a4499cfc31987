/** 语言管理 /admin/document/language (screens §8.3): filters in the URL, server-side pages, batch enable/disable. */
import { DeleteOutlined, DownOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Dropdown, Input, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import type { Key } from 'react';
import { isOk, mapOk, messageOf } from '../../../../api/http.ts';
import type { ApiResult } from '../../../../api/http.ts';
import { deleteLanguage, listLanguage, updateLanguageStatus } from '../../../../api/language.ts';
import type { Language } from '../../../../api/types.ts';
import { BoolTag, DateTime } from '../../components/cells.tsx';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { useRemoteList } from '../document/common/useRemoteList.ts';
import { LanguageForm } from './LanguageForm.tsx';

const STATE_OPTIONS = [
  { value: 'true', label: '启用' },
  { value: 'false', label: '禁用' },
];

function columns(onEdit: (l: Language) => void, onDelete: (l: Language) => void): TableColumnsType<Language> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: '状态', dataIndex: 'enable', width: 90, render: (v: boolean) => <BoolTag value={v} yes="启用" no="禁用" /> },
    { title: '语言', dataIndex: 'language', width: 180 },
    { title: '代码', dataIndex: 'code', width: 120 },
    { title: '排序', dataIndex: 'sort', width: 80 },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_: unknown, l) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(l)}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => onDelete(l)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
}

export function LanguageList() {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const q = useUrlQuery();
  const [wd, setWd] = useState('');
  const [enable, setEnable] = useState<string[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<Language | null>(null);
  const [open, setOpen] = useState(false);

  const list = useRemoteList(
    q.key,
    async () => {
      const keyword = q.str('wd');
      const states = q.list('enable').filter((v) => v === 'true' || v === 'false');
      const r = await listLanguage({
        page: q.page,
        size: q.size,
        ...(keyword ? { wd: keyword } : {}),
        ...(states.length ? { enable: states.map((s) => s === 'true') } : {}),
      });
      return mapOk(r, (d) => ({ total: d.total, rows: d.language }));
    },
    '获取语言列表失败',
  );

  useEffect(() => {
    setWd(q.str('wd'));
    setEnable(q.list('enable').filter((v) => v === 'true' || v === 'false'));
    setSelected([]);
  }, [q.key]);

  const run = async (call: Promise<ApiResult<unknown>>, ok: string, fail: string) => {
    const r = await call;
    if (!isOk(r)) {
      message.error(messageOf(r, fail));
      return;
    }
    message.success(ok);
    setSelected([]);
    await list.reload();
  };
  const remove = (ids: number[]) =>
    confirm(`您确定要删除选中的【${ids.length}】个语言吗？删除后不可恢复。`, () => run(deleteLanguage({ id: ids }), '删除成功', '删除失败'));
  const setState = (on: boolean) =>
    void run(updateLanguageStatus({ id: selected.map(Number), enable: on }), on ? '批量启用成功' : '批量禁用成功', '操作失败');
  const edit = (l: Language | null) => {
    setEditing(l);
    setOpen(true);
  };
  const search = () => q.update({ wd: wd.trim(), enable, page: 1 });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Input
            allowClear
            placeholder="语言名称或代码"
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onPressEnter={search}
            style={{ width: 220 }}
            data-testid="filter-wd"
          />
          <Select mode="multiple" allowClear placeholder="状态" options={STATE_OPTIONS} value={enable} onChange={setEnable} style={{ minWidth: 140 }} />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => edit(null)} data-testid="language-create">
            新增
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => remove(selected.map(Number))}>
            批量删除
          </Button>
          <Dropdown
            disabled={!selected.length}
            menu={{
              items: [
                { key: 'on', label: '批量启用' },
                { key: 'off', label: '批量禁用' },
              ],
              onClick: ({ key }) => setState(key === 'on'),
            }}
          >
            <Button>
              启用/禁用 <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      </Card>
      <Card size="small">
        <Table
          rowKey="id"
          size="middle"
          loading={list.loading}
          columns={columns(edit, (l) => remove([l.id]))}
          dataSource={list.rows}
          scroll={{ x: 900 }}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
          pagination={urlPagination(q, list.total)}
        />
      </Card>
      <LanguageForm
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
