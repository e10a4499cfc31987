/** 导航管理 /admin/navigation (screens §8.6): tree table, keyword filter, drawer form, (batch) delete. */
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Space, Table } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Key } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import { deleteNavigation, listNavigation } from '../../../../api/navigation.ts';
import type { Navigation } from '../../../../api/types.ts';
import { buildTree } from '../../../../lib/tree.ts';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { navigationColumns, toRows } from './navigationColumns.tsx';
import { NavigationForm } from './NavigationForm.tsx';

export function NavigationPage() {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const q = useUrlQuery();
  const wd = q.str('wd');
  const [keyword, setKeyword] = useState(wd);
  const [items, setItems] = useState<Navigation[]>([]);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<Navigation | null>(null);
  const [open, setOpen] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    const r = await listNavigation({ page: 1, size: 10000, ...(wd ? { wd } : {}) });
    setLoading(false);
    if (isOk(r)) setItems(r.data.navigation);
    else message.error(messageOf(r, '获取导航列表失败'));
  }, [wd, message]);

  useEffect(() => {
    setKeyword(wd);
    void load();
  }, [load, wd]);

  const tree = useMemo(() => buildTree(items), [items]);
  const rows = useMemo(() => toRows(tree), [tree]);

  const remove = (ids: number[]) =>
    confirm(`您确定要删除选中的【${ids.length}】个导航吗？其下级导航也会被一并删除，删除之后不可恢复。`, async () => {
      const r = await deleteNavigation({ id: ids });
      if (!isOk(r)) {
        message.error(messageOf(r, '删除失败'));
        return;
      }
      message.success('删除成功');
      setSelected([]);
      await load();
    });

  const edit = (row: Navigation | null) => {
    setEditing(row);
    setOpen(true);
  };

  const columns = navigationColumns({ onEdit: edit, onDelete: (row) => remove([row.id]) });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Input
            allowClear
            placeholder="请输入关键字"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={() => q.update({ wd: keyword.trim() })}
            style={{ width: 240 }}
            data-testid="filter-wd"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={() => q.update({ wd: keyword.trim() })}>
            查询
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => edit(null)} data-testid="navigation-create">
            新增
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => remove(selected.map(Number))}>
            批量删除
          </Button>
        </Space>
      </Card>
      <Card size="small">
        <Table
          key={rows.length ? 'tree' : 'empty'}
          rowKey="id"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 1200 }}
          expandable={{ defaultExpandAllRows: true }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: setSelected,
            checkStrictly: true,
            getCheckboxProps: (row) => ({ disabled: row.fixed }),
          }}
        />
      </Card>
      <NavigationForm
        open={open}
        value={editing}
        tree={tree}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void load();
        }}
      />
    </Space>
  );
}
