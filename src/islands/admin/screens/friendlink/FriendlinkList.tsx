/** 友链管理 /admin/friendlink (screens §8.6): filters in the URL, create/edit drawer, (batch) delete. */
import type { TableColumnsType } from 'antd';
import { adminListFriendlinks, deleteFriendlinks } from '../../../../api/admin-site.ts';
import type { Friendlink } from '../../../../api/admin-site.ts';
import { mapOk } from '../../../../api/http.ts';
import { BoolTag, DateTime, PlainText, SafeLink } from '../../components/cells.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import {
  BatchDeleteButton,
  CreateButton,
  EnableSelect,
  FilterBar,
  KeywordInput,
  ListLayout,
  SearchButton,
} from '../../components/ListToolbar.tsx';
import { editDeleteColumn } from '../../components/rowActions.tsx';
import { enableFilter } from '../../hooks/queryFilters.ts';
import { useBatchDelete, useEditDrawer, useListPage, useQueryDraft } from '../../hooks/useListPage.ts';
import { FriendlinkForm } from './FriendlinkForm.tsx';

function columns(onEdit: (f: Friendlink) => void, onDelete: (f: Friendlink) => void): TableColumnsType<Friendlink> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70, fixed: 'left' },
    { title: '状态', dataIndex: 'enable', width: 80, render: (v: boolean) => <BoolTag value={v} yes="启用" no="禁用" /> },
    {
      title: '名称',
      dataIndex: 'title',
      width: 180,
      ellipsis: true,
      render: (v: string, f) => <SafeLink href={f.link}>{v || f.link}</SafeLink>,
    },
    { title: '链接', dataIndex: 'link', width: 240, ellipsis: true },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '描述', dataIndex: 'description', width: 200, render: (v: string) => <PlainText value={v} width={190} /> },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    editDeleteColumn(onEdit, onDelete),
  ];
}

export function FriendlinkList() {
  const list = useListPage<Friendlink>(async (q) => {
    const w = q.str('wd');
    const r = await adminListFriendlinks({ page: q.page, size: q.size, ...(w ? { wd: w } : {}), enable: enableFilter(q) });
    return mapOk(r, (d) => ({ total: d.total, rows: d.friendlink }));
  }, '获取友链列表失败');
  const { q } = list;
  const [wd, setWd] = useQueryDraft(q, () => q.str('wd'));
  const [enable, setEnable] = useQueryDraft<string[]>(q, () => q.list('enable'));
  const drawer = useEditDrawer<Friendlink>(list.reload);
  const remove = useBatchDelete(list, (n) => `您确定要删除选中的【${n}】个友链吗？删除之后不可恢复。`, deleteFriendlinks);
  const search = () => q.update({ wd: wd.trim(), enable, page: 1 });

  return (
    <ListLayout>
      <FilterBar>
        <KeywordInput placeholder="名称、链接或描述" value={wd} onChange={setWd} onSearch={search} />
        <EnableSelect value={enable} onChange={setEnable} />
        <SearchButton onClick={search} />
        <CreateButton onClick={() => drawer.show(null)} testId="friendlink-create" />
        <BatchDeleteButton ids={list.ids} onDelete={remove} />
      </FilterBar>
      <ListTable list={list} columns={columns(drawer.show, (f) => remove([f.id]))} scrollX={1300} />
      <FriendlinkForm open={drawer.open} value={drawer.value} onClose={drawer.close} onSaved={drawer.saved} />
    </ListLayout>
  );
}
