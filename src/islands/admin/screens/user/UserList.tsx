/** 用户管理 /admin/user/list (screens §8.5): filters and paging in the URL, server-side pages. */
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Select, Space, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { Key } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { User } from '../../../../api/types.ts';
import { listUsers } from '../../../../api/user.ts';
import { groupOptions, useGroups } from '../../hooks/useGroups.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { userColumns } from './userColumns.tsx';
import { UserDeleteDrawer } from './UserDeleteDrawer.tsx';
import { UserProfileDrawer } from './UserProfileDrawer.tsx';
import { UserSetDrawer } from './UserSetDrawer.tsx';

type Dialog = { kind: 'set'; user: User | null } | { kind: 'profile'; user: User } | { kind: 'delete'; users: User[] };

export function UserList() {
  const { message } = App.useApp();
  const q = useUrlQuery();
  const groups = useGroups();
  const [wd, setWd] = useState(q.str('wd'));
  const [groupIds, setGroupIds] = useState<number[]>(q.ids('group_id'));
  const [rows, setRows] = useState<User[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);
  const show = (d: Dialog) => {
    setDialog(d);
    setOpen(true);
  };
  const close = () => setOpen(false);

  const load = useCallback(async () => {
    setLoading(true);
    const wdNow = q.str('wd');
    const gids = q.ids('group_id');
    const r = await listUsers({
      page: q.page,
      size: q.size,
      ...(wdNow ? { wd: wdNow } : {}),
      ...(gids.length ? { group_id: gids } : {}),
    });
    setLoading(false);
    if (isOk(r)) {
      setRows(r.data.user);
      setTotal(r.data.total);
    } else message.error(messageOf(r, '获取用户列表失败'));
    // q.key captures every filter and the page
  }, [q.key, message]);

  useEffect(() => {
    setWd(q.str('wd'));
    setGroupIds(q.ids('group_id'));
    void load();
  }, [load]);

  const search = () => q.update({ wd: wd.trim(), group_id: groupIds, page: 1 });
  const done = () => {
    setOpen(false);
    setSelected([]);
    void load();
  };

  const columns = userColumns(groups, {
    onSet: (user) => show({ kind: 'set', user }),
    onEdit: (user) => show({ kind: 'profile', user }),
    onDelete: (user) => show({ kind: 'delete', users: [user] }),
  });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Input
            allowClear
            placeholder="用户名、姓名、邮箱或电话"
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onPressEnter={search}
            style={{ width: 240 }}
            data-testid="filter-wd"
          />
          <Select
            mode="multiple"
            allowClear
            placeholder="用户组"
            options={groupOptions(groups)}
            value={groupIds}
            onChange={setGroupIds}
            style={{ minWidth: 200 }}
            maxTagCount="responsive"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => show({ kind: 'set', user: null })} data-testid="user-create">
            新增
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!selected.length}
            onClick={() => show({ kind: 'delete', users: rows.filter((u) => selected.includes(u.id)) })}
          >
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
          scroll={{ x: 2400 }}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
          pagination={urlPagination(q, total)}
        />
      </Card>
      <UserSetDrawer
        open={open && dialog?.kind === 'set'}
        user={dialog?.kind === 'set' ? dialog.user : null}
        groups={groups}
        onClose={close}
        onSaved={done}
      />
      <UserProfileDrawer
        open={open && dialog?.kind === 'profile'}
        user={dialog?.kind === 'profile' ? dialog.user : null}
        onClose={close}
        onSaved={done}
      />
      <UserDeleteDrawer
        open={open && dialog?.kind === 'delete'}
        users={dialog?.kind === 'delete' ? dialog.users : []}
        onClose={close}
        onDeleted={done}
      />
    </Space>
  );
}
