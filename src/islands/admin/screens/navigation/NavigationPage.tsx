/** 导航管理 /admin/navigation (screens §8.6): tree table, keyword filter, drawer form, (batch) delete. */
import { useMemo } from 'react';
import { call, callPage } from '../../../../api/call.ts';
import { navigationDelete, navigationList } from '../../../../api/generated/navigation.ts';
import type { Navigation } from '../../../../api/types.ts';
import { buildTree } from '../../../../lib/tree.ts';
import { TreeTable } from '../../components/ListTable.tsx';
import { ListLayout, SearchBar } from '../../components/ListToolbar.tsx';
import { useFilters } from '../../hooks/useFilters.ts';
import { useCrudList } from '../../hooks/useCrudList.tsx';
import { deleteQuestion, useListPage } from '../../hooks/useListPage.ts';
import { navigationColumns } from './navigationColumns.tsx';
import { NavigationForm } from './NavigationForm.tsx';

export function NavigationPage() {
  const list = useListPage<Navigation>(async (q) => {
    const wd = q.str('wd');
    return callPage(navigationList, 'navigation', { page: 1, size: 10000, ...(wd ? { wd } : {}) });
  }, '获取导航列表失败');
  const { q } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd') }), { paged: false });
  const tree = useMemo(() => buildTree(list.rows), [list.rows]);
  const { drawer, remove, actions } = useCrudList(
    list,
    'navigation-create',
    deleteQuestion('个导航', '其下级导航也会被一并删除，删除之后不可恢复。'),
    (ids) => call(navigationDelete, { id: ids }),
  );

  return (
    <ListLayout>
      <SearchBar filters={f} keyword="请输入关键字" keywordWidth={240} actions={actions} />
      <TreeTable
        list={list}
        columns={navigationColumns({ onEdit: drawer.show, onDelete: (row) => remove([row.id]) })}
        scrollX={1200}
        selectable={(row) => !row.fixed}
      />
      <NavigationForm {...drawer.props} tree={tree} />
    </ListLayout>
  );
}
