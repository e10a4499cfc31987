/** 权限管理 /admin/user/permission (screens §8.5): filters, paged table, edit drawer. No create/delete. */
import { SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import { listPermission } from '../../../../api/permission.ts';
import type { Permission } from '../../../../api/types.ts';
import { DateTime, MethodTag } from '../../components/cells.tsx';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { PermissionForm } from './PermissionForm.tsx';

export const METHODS = ['GET', 'POST', 'GRPC', 'PUT', 'DELETE'] as const;

export function PermissionList() {
  const { message } = App.useApp();
  const q = useUrlQuery();
  const [wd, setWd] = useState(q.str('wd'));
  const [path, setPath] = useState(q.str('path'));
  const [methods, setMethods] = useState<string[]>(q.list('method'));
  const [rows, setRows] = useState<Permission[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<Permission | null>(null);
  const [open, setOpen] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    const keyword = q.str('wd');
    const apiPath = q.str('path');
    const method = q.list('method');
    const r = await listPermission({
      page: q.page,
      size: q.size,
      ...(keyword ? { wd: keyword } : {}),
      ...(apiPath ? { path: apiPath } : {}),
      ...(method.length ? { method } : {}),
    });
    setLoading(false);
    if (isOk(r)) {
      setRows(r.data.permission);
      setTotal(r.data.total);
    } else message.error(messageOf(r, '获取权限列表失败'));
  }, [q.key, message]);

  useEffect(() => {
    setWd(q.str('wd'));
    setPath(q.str('path'));
    setMethods(q.list('method'));
    void load();
  }, [load]);

  const search = () => q.update({ wd: wd.trim(), path: path.trim(), method: methods, page: 1 });

  const columns: TableColumnsType<Permission> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: '名称', dataIndex: 'title', width: 200, render: (v: string) => v || '-' },
    { title: '描述', dataIndex: 'description', width: 220, ellipsis: true, render: (v: string) => v || '-' },
    { title: 'Method', dataIndex: 'method', width: 100, render: (v: string) => <MethodTag method={v} /> },
    { title: 'API', dataIndex: 'path', width: 340 },
    { title: '更新时间', dataIndex: 'updated_at', width: 180, render: (v: string) => <DateTime value={v} /> },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_: unknown, p) => (
        <Button
          type="link"
          size="small"
          onClick={() => {
            setEditing(p);
            setOpen(true);
          }}
        >
          编辑
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Input
            allowClear
            placeholder="名称或描述关键字"
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onPressEnter={search}
            style={{ width: 200 }}
            data-testid="filter-wd"
          />
          <Input
            allowClear
            placeholder="API路径"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            onPressEnter={search}
            style={{ width: 220 }}
          />
          <Select
            mode="multiple"
            allowClear
            placeholder="Method"
            value={methods}
            onChange={setMethods}
            options={METHODS.map((m) => ({ value: m, label: m }))}
            style={{ minWidth: 180 }}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
        </Space>
      </Card>
      <Card size="small">
        <Table
          rowKey="id"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 1200 }}
          pagination={urlPagination(q, total)}
        />
      </Card>
      <PermissionForm
        open={open}
        permission={editing}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void load();
        }}
      />
    </Space>
  );
}
