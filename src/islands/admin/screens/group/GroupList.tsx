/** 角色管理 /admin/user/group (screens §8.5): keyword in the URL, server-side pages, edit and permission drawers. */
import { pageAndWord } from '../../hooks/queryFilters.ts';
import type { Group } from '../../../../api/types.ts';
import { ListTable } from '../../components/ListTable.tsx';
import { ListLayout, SearchBar } from '../../components/ListToolbar.tsx';
import { useFilters } from '../../hooks/useFilters.ts';
import { useCrudList } from '../../hooks/useCrudList.tsx';
import { deleteQuestion, useEditDrawer, useListPage } from '../../hooks/useListPage.ts';
import { groupColumns } from './groupColumns.tsx';
import { GroupForm } from './GroupForm.tsx';
import { GroupPermissionDrawer } from './GroupPermissionDrawer.tsx';
import { call, callPage } from '../../../../api/call.ts';
import { groupDelete, groupList } from '../../../../api/generated/group.ts';

/** The default group and groups with users cannot be deleted. */
const deletable = (g: Group): boolean => !g.is_default && g.user_count === 0;

export function GroupList() {
  const list = useListPage<Group>((q) => callPage(groupList, 'group', pageAndWord(q)), '获取用户组列表失败');
  const { q } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd') }));
  const { drawer, remove, actions } = useCrudList(
    list,
    'group-create',
    deleteQuestion('个用户组', '默认用户组和有用户的用户组不能删除。'),
    (ids) => call(groupDelete, { id: ids }),
  );
  const permissions = useEditDrawer<Group>(list.reload);

  const columns = groupColumns({
    onPermission: permissions.show,
    onEdit: drawer.show,
    onDelete: (g) => remove([g.id]),
  });

  return (
    <ListLayout>
      <SearchBar filters={f} keyword="请输入关键字" keywordWidth={240} actions={actions} />
      <ListTable list={list} columns={columns} scrollX={1900} selectable={deletable} />
      <GroupForm {...drawer.props} />
      <GroupPermissionDrawer open={permissions.open} group={permissions.value} onClose={permissions.close} />
    </ListLayout>
  );
}
