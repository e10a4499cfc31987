/** 权限管理 /admin/user/permission (screens §8.5): filters, paged table, edit drawer. No create/delete. */
import type { TableColumnsType } from 'antd';
import { pageOf } from '../../../../api/http.ts';
import { listPermission } from '../../../../api/permission.ts';
import type { Permission } from '../../../../api/types.ts';
import { MethodTag } from '../../components/cells.tsx';
import { dateColumn, idColumn } from '../../components/columns.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { FilterSelect, ListLayout, SearchBar, TextFilter } from '../../components/ListToolbar.tsx';
import { actionsColumn } from '../../components/rowActions.tsx';
import { pageAndWord, setFilters } from '../../hooks/queryFilters.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { useEditDrawer, useListPage } from '../../hooks/useListPage.ts';
import { PermissionForm } from './PermissionForm.tsx';

export const METHODS = ['GET', 'POST', 'GRPC', 'PUT', 'DELETE'] as const;
const METHOD_OPTIONS = METHODS.map((m) => ({ value: m, label: m }));

function columns(onEdit: (p: Permission) => void): TableColumnsType<Permission> {
  return [
    idColumn(false),
    { title: '名称', dataIndex: 'title', width: 200, render: (v: string) => v || '-' },
    { title: '描述', dataIndex: 'description', width: 220, ellipsis: true, render: (v: string) => v || '-' },
    { title: 'Method', dataIndex: 'method', width: 100, render: (v: string) => <MethodTag method={v} /> },
    { title: 'API', dataIndex: 'path', width: 340 },
    dateColumn<Permission>('更新时间', 'updated_at', 180),
    actionsColumn<Permission>(80, (p) => [{ label: '编辑', onClick: () => onEdit(p) }]),
  ];
}

export function PermissionList() {
  const list = useListPage<Permission>(async (q) => {
    const r = await listPermission({ ...pageAndWord(q), ...setFilters({ path: q.str('path'), method: q.list('method') }) });
    return pageOf(r, 'permission');
  }, '获取权限列表失败');
  const { q } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd'), path: q.str('path'), method: q.list('method') }));
  const drawer = useEditDrawer<Permission>(list.reload);

  return (
    <ListLayout>
      <SearchBar filters={f} keyword="名称或描述关键字" keywordWidth={200}>
        <TextFilter placeholder="API路径" {...f.bind('path')} onSearch={f.search} />
        <FilterSelect placeholder="Method" options={METHOD_OPTIONS} {...f.bind('method')} minWidth={180} />
      </SearchBar>
      <ListTable list={list} columns={columns(drawer.show)} scrollX={1200} selectable={false} />
      <PermissionForm {...drawer.props} />
    </ListLayout>
  );
}
