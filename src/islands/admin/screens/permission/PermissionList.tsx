/** 权限管理 /admin/user/permission (screens §8.5): filters, paged table, edit drawer. No create/delete. */
import { Input } from 'antd';
import type { TableColumnsType } from 'antd';
import { mapOk } from '../../../../api/http.ts';
import { listPermission } from '../../../../api/permission.ts';
import type { Permission } from '../../../../api/types.ts';
import { DateTime, MethodTag } from '../../components/cells.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { FilterBar, FilterSelect, KeywordInput, ListLayout, SearchButton } from '../../components/ListToolbar.tsx';
import { actionsColumn } from '../../components/rowActions.tsx';
import { useEditDrawer, useListPage, useQueryDraft } from '../../hooks/useListPage.ts';
import { PermissionForm } from './PermissionForm.tsx';

export const METHODS = ['GET', 'POST', 'GRPC', 'PUT', 'DELETE'] as const;
const METHOD_OPTIONS = METHODS.map((m) => ({ value: m, label: m }));

function columns(onEdit: (p: Permission) => void): TableColumnsType<Permission> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: '名称', dataIndex: 'title', width: 200, render: (v: string) => v || '-' },
    { title: '描述', dataIndex: 'description', width: 220, ellipsis: true, render: (v: string) => v || '-' },
    { title: 'Method', dataIndex: 'method', width: 100, render: (v: string) => <MethodTag method={v} /> },
    { title: 'API', dataIndex: 'path', width: 340 },
    { title: '更新时间', dataIndex: 'updated_at', width: 180, render: (v: string) => <DateTime value={v} /> },
    actionsColumn<Permission>(80, (p) => [{ label: '编辑', onClick: () => onEdit(p) }]),
  ];
}

export function PermissionList() {
  const list = useListPage<Permission>(async (q) => {
    const wd = q.str('wd');
    const path = q.str('path');
    const method = q.list('method');
    const r = await listPermission({
      page: q.page,
      size: q.size,
      ...(wd ? { wd } : {}),
      ...(path ? { path } : {}),
      ...(method.length ? { method } : {}),
    });
    return mapOk(r, (d) => ({ total: d.total, rows: d.permission }));
  }, '获取权限列表失败');
  const { q } = list;
  const [wd, setWd] = useQueryDraft(q, () => q.str('wd'));
  const [path, setPath] = useQueryDraft(q, () => q.str('path'));
  const [methods, setMethods] = useQueryDraft(q, () => q.list('method'));
  const drawer = useEditDrawer<Permission>(list.reload);
  const search = () => q.update({ wd: wd.trim(), path: path.trim(), method: methods, page: 1 });

  return (
    <ListLayout>
      <FilterBar>
        <KeywordInput placeholder="名称或描述关键字" value={wd} onChange={setWd} onSearch={search} width={200} />
        <Input
          allowClear
          placeholder="API路径"
          value={path}
          onChange={(e) => setPath(e.target.value)}
          onPressEnter={search}
          style={{ width: 220 }}
        />
        <FilterSelect placeholder="Method" options={METHOD_OPTIONS} value={methods} onChange={setMethods} minWidth={180} />
        <SearchButton onClick={search} />
      </FilterBar>
      <ListTable list={list} columns={columns(drawer.show)} scrollX={1200} selectable={false} />
      <PermissionForm open={drawer.open} permission={drawer.value} onClose={drawer.close} onSaved={drawer.saved} />
    </ListLayout>
  );
}
