/** 权限管理 /admin/user/permission (screens §8.5): filters, paged table, edit drawer. No create/delete. */
import type { TableColumnsType } from 'antd';
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
import { permissionModule } from '../../../../lib/permissions.ts';
import { callPage } from '../../../../api/call.ts';
import { permissionList } from '../../../../api/generated/permission.ts';

export const METHODS = ['GET', 'POST', 'GRPC', 'PUT', 'DELETE'] as const;
const METHOD_OPTIONS = METHODS.map((m) => ({ value: m, label: m }));

/** The Chinese title first, its module beside it; the API path stays, in small grey print, for the technical reader. */
function columns(onEdit: (p: Permission) => void): TableColumnsType<Permission> {
  return [
    idColumn(false),
    {
      title: '名称',
      dataIndex: 'title',
      render: (v: string, p) => (
        <div>
          <div style={{ fontWeight: 500 }}>{v || p.path.split('/').pop()}</div>
          <div style={{ fontSize: 12, color: '#64748b', wordBreak: 'break-all' }}>
            <MethodTag method={p.method} /> {p.path}
          </div>
        </div>
      ),
    },
    { title: '所属模块', key: 'module', width: 140, render: (_: unknown, p) => permissionModule(p) },
    { title: '描述', dataIndex: 'description', width: 240, ellipsis: true },
    dateColumn<Permission>('更新时间', 'updated_at', 180),
    actionsColumn<Permission>(80, (p) => [{ label: '编辑', onClick: () => onEdit(p) }]),
  ];
}

export function PermissionList() {
  const list = useListPage<Permission>(
    (q) =>
      callPage(permissionList, 'permission', {
        ...pageAndWord(q),
        ...setFilters({ path: q.str('path'), method: q.list('method') }),
      }),
    '获取权限列表失败',
  );
  const { q } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd'), path: q.str('path'), method: q.list('method') }));
  const drawer = useEditDrawer<Permission>(list.reload);

  return (
    <ListLayout>
      <SearchBar filters={f} keyword="名称或描述关键字" keywordWidth={200}>
        <TextFilter placeholder="API路径" {...f.bind('path')} onSearch={f.search} />
        <FilterSelect placeholder="Method" options={METHOD_OPTIONS} {...f.bind('method')} minWidth={180} />
      </SearchBar>
      <ListTable list={list} columns={columns(drawer.show)} scrollX={900} selectable={false} />
      <PermissionForm {...drawer.props} />
    </ListLayout>
  );
}
