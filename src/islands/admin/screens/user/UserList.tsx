/** 用户管理 /admin/user/list (screens §8.5): filters and paging in the URL, server-side pages. */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { mapOk } from '../../../../api/http.ts';
import type { User } from '../../../../api/types.ts';
import { listUsers } from '../../../../api/user.ts';
import { ListTable } from '../../components/ListTable.tsx';
import { BatchDeleteButton, CreateButton, FilterSelect, ListLayout, SearchBar } from '../../components/ListToolbar.tsx';
import { groupOptions, useGroups } from '../../hooks/useGroups.ts';
import { pageAndWord } from '../../hooks/queryFilters.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { useListPage } from '../../hooks/useListPage.ts';
import { userColumns } from './userColumns.tsx';
import { UserDeleteDrawer } from './UserDeleteDrawer.tsx';
import { UserProfileDrawer } from './UserProfileDrawer.tsx';
import { UserCreditDrawer } from './UserCreditDrawer.tsx';
import { UserSetDrawer } from './UserSetDrawer.tsx';
import { creditName } from '../../../../domain/money.ts';
import { $settings } from '../../../../stores/settings.ts';

type Dialog =
  | { kind: 'set'; user: User | null }
  | { kind: 'profile'; user: User }
  | { kind: 'credit'; user: User }
  | { kind: 'delete'; users: User[] };

export function UserList() {
  const groups = useGroups();
  const list = useListPage<User>(async (q) => {
    const gids = q.ids('group_id');
    const r = await listUsers({ ...pageAndWord(q), ...(gids.length ? { group_id: gids } : {}) });
    return mapOk(r, (d) => ({ total: d.total, rows: d.user }));
  }, '获取用户列表失败');
  const { q } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd'), group_id: q.ids('group_id') }));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);
  const show = (d: Dialog) => {
    setDialog(d);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const done = () => {
    setOpen(false);
    void list.afterWrite(true);
  };

  const credit = creditName(useStore($settings).system.credit_name);
  const columns = userColumns(
    groups,
    {
      onSet: (user) => show({ kind: 'set', user }),
      onCredit: (user) => show({ kind: 'credit', user }),
      onEdit: (user) => show({ kind: 'profile', user }),
      onDelete: (user) => show({ kind: 'delete', users: [user] }),
    },
    credit,
  );

  return (
    <ListLayout>
      <SearchBar
        filters={f}
        keyword="用户名、姓名、邮箱或电话"
        keywordWidth={240}
        actions={
          <>
            <CreateButton onClick={() => show({ kind: 'set', user: null })} testId="user-create" />
            <BatchDeleteButton
              ids={list.ids}
              onDelete={(ids) => show({ kind: 'delete', users: list.rows.filter((u) => ids.includes(u.id)) })}
            />
          </>
        }
      >
        <FilterSelect placeholder="用户组" options={groupOptions(groups)} {...f.bind('group_id')} minWidth={200} />
      </SearchBar>
      <ListTable list={list} columns={columns} scrollX={2400} />
      <UserSetDrawer
        open={open && dialog?.kind === 'set'}
        user={dialog?.kind === 'set' ? dialog.user : null}
        groups={groups}
        onClose={close}
        onSaved={done}
      />
      <UserCreditDrawer
        open={open && dialog?.kind === 'credit'}
        user={dialog?.kind === 'credit' ? dialog.user : null}
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
    </ListLayout>
  );
}
