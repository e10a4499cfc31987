/** 友链管理 /admin/friendlink (screens §8.6): filters in the URL, create/edit drawer, (batch) delete. */
import type { TableColumnsType } from 'antd';
import type { Friendlink } from '../../../../contract/friendlink.ts';
import { call, callPage } from '../../../../api/call.ts';
import { friendlinkDelete, friendlinkList } from '../../../../api/generated/friendlink.ts';
import { SafeLink } from '../../components/cells.tsx';
import { enableColumn, idColumn, sortColumn, stampColumns, textColumn } from '../../components/columns.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { EnableSelect, ListLayout, SearchBar } from '../../components/ListToolbar.tsx';
import { editDeleteColumn } from '../../components/rowActions.tsx';
import { enableFilter, pageAndWord } from '../../hooks/queryFilters.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { useCrudList } from '../../hooks/useCrudList.tsx';
import { deleteQuestion, useListPage } from '../../hooks/useListPage.ts';
import { FriendlinkForm } from './FriendlinkForm.tsx';

function columns(onEdit: (f: Friendlink) => void, onDelete: (f: Friendlink) => void): TableColumnsType<Friendlink> {
  return [
    idColumn(),
    enableColumn(),
    {
      title: '名称',
      dataIndex: 'title',
      width: 180,
      ellipsis: true,
      render: (v: string, f) => <SafeLink href={f.link}>{v || f.link}</SafeLink>,
    },
    { title: '链接', dataIndex: 'link', width: 240, ellipsis: true },
    sortColumn(),
    textColumn('描述', 'description', 200),
    ...stampColumns<Friendlink>(),
    editDeleteColumn(onEdit, onDelete),
  ];
}

export function FriendlinkList() {
  const list = useListPage<Friendlink>(
    (q) => callPage(friendlinkList, 'friendlink', { ...pageAndWord(q), enable: enableFilter(q) }),
    '获取友链列表失败',
  );
  const { q } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd'), enable: q.list('enable') }));
  const { drawer, remove, actions } = useCrudList(list, 'friendlink-create', deleteQuestion('个友链'), (id) =>
    call(friendlinkDelete, { id }),
  );

  return (
    <ListLayout>
      <SearchBar filters={f} keyword="名称、链接或描述" actions={actions}>
        <EnableSelect {...f.bind('enable')} />
      </SearchBar>
      <ListTable list={list} columns={columns(drawer.show, (f) => remove([f.id]))} scrollX={1300} />
      <FriendlinkForm {...drawer.props} />
    </ListLayout>
  );
}
