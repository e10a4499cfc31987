/** 角色管理 /admin/user/group (screens §8.5). */
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { Key } from 'react';
import { deleteGroup, listGroup } from '../../../../api/group.ts';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { Group } from '../../../../api/types.ts';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { groupColumns } from './groupColumns.tsx';
import { GroupForm } from './GroupForm.tsx';
import { GroupPermissionDrawer } from './GroupPermissionDrawer.tsx';

export function GroupList() {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const q = useUrlQuery();
  const [wd, setWd] = useState(q.str('wd'));
  const [rows, setRows] = useState<Group[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);
  const [current, setCurrent] = useState<Group | null>(null);
  const [drawer, setDrawer] = useState<'form' | 'permission' | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    const keyword = q.str('wd');
    const r = await listGroup({ page: q.page, size: q.size, ...(keyword ? { wd: keyword } : {}) });
    setLoading(false);
    if (isOk(r)) {
      setRows(r.data.group);
      setTotal(r.data.total);
    } else message.error(messageOf(r, '获取用户组列表失败'));
  }, [q.key, message]);

  useEffect(() => {
    setWd(q.str('wd'));
    void load();
  }, [load]);

  const remove = (ids: number[]) =>
    confirm(`您确定要删除选中的【${ids.length}】个用户组吗？默认用户组和有用户的用户组不能删除。`, async () => {
      const r = await deleteGroup({ id: ids });
      if (!isOk(r)) {
        message.error(messageOf(r, '删除失败'));
        return;
      }
      message.success('删除成功');
      setSelected([]);
      await load();
    });

  const show = (g: Group | null, which: 'form' | 'permission') => {
    setCurrent(g);
    setDrawer(which);
  };

  const columns = groupColumns({
    onPermission: (g) => show(g, 'permission'),
    onEdit: (g) => show(g, 'form'),
    onDelete: (g) => remove([g.id]),
  });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Input
            allowClear
            placeholder="请输入关键字"
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onPressEnter={() => q.update({ wd: wd.trim(), page: 1 })}
            style={{ width: 240 }}
            data-testid="filter-wd"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={() => q.update({ wd: wd.trim(), page: 1 })}>
            查询
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => show(null, 'form')} data-testid="group-create">
            新增
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
          loading={loading}
          columns={columns}
          dataSource={rows}
          scroll={{ x: 1900 }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: setSelected,
            getCheckboxProps: (g) => ({ disabled: g.is_default || g.user_count > 0 }),
          }}
          pagination={urlPagination(q, total)}
        />
      </Card>
      <GroupForm
        open={drawer === 'form'}
        group={current}
        onClose={() => setDrawer(null)}
        onSaved={() => {
          setDrawer(null);
          void load();
        }}
      />
      <GroupPermissionDrawer open={drawer === 'permission'} group={current} onClose={() => setDrawer(null)} />
    </Space>
  );
}
