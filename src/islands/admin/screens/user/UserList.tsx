/** 用户管理 /admin/user/list (screens §8.5): filters and paging in the URL, server-side pages. */
import { useStore } from '@nanostores/react';
import type { User } from '../../../../api/types.ts';
import { ListTable } from '../../components/ListTable.tsx';
import { BatchDeleteButton, CreateButton, FilterSelect, ListLayout, SearchBar } from '../../components/ListToolbar.tsx';
import { groupOptions, useGroups } from '../../hooks/useGroups.ts';
import { pageAndWord } from '../../hooks/queryFilters.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { useDialogs, useListPage } from '../../hooks/useListPage.ts';
import type { EditDrawerProps } from '../../hooks/useSaveForm.ts';
import { userColumns } from './userColumns.tsx';
import { UserDeleteDrawer } from './UserDeleteDrawer.tsx';
import { UserProfileDrawer } from './UserProfileDrawer.tsx';
import { UserCreditDrawer } from './UserCreditDrawer.tsx';
import { UserSetDrawer } from './UserSetDrawer.tsx';
import { creditName } from '../../../../domain/money.ts';
import { $settings } from '../../../../stores/settings.ts';
import { callPage } from '../../../../api/call.ts';
import { userAdminList } from '../../../../api/generated/user-admin.ts';

type Dialog =
  | { kind: 'set'; user: User | null }
  | { kind: 'profile'; user: User }
  | { kind: 'credit'; user: User }
  | { kind: 'delete'; users: User[] };

export function UserList() {
  const groups = useGroups();
  const list = useListPage<User>(async (q) => {
    const gids = q.ids('group_id');
    return callPage(userAdminList, 'user', { ...pageAndWord(q), ...(gids.length ? { group_id: gids } : {}) });
  }, '获取用户列表失败');
  const { q } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd'), group_id: q.ids('group_id') }));
  const { show, close, isOpen, of } = useDialogs<Dialog>();
  const done = () => {
    close();
    void list.afterWrite(true);
  };
  /** The props of the drawer that edits one user. */
  const userDrawer = (kind: 'set' | 'credit' | 'profile'): EditDrawerProps<User> => ({
    open: isOpen(kind),
    value: of(kind)?.user ?? null,
    onClose: close,
    onSaved: done,
  });

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
      <UserSetDrawer {...userDrawer('set')} groups={groups} />
      <UserCreditDrawer {...userDrawer('credit')} />
      <UserProfileDrawer {...userDrawer('profile')} />
      <UserDeleteDrawer open={isOpen('delete')} users={of('delete')?.users ?? []} onClose={close} onDeleted={done} />
    </ListLayout>
  );
}
