/** 广告管理 /admin/advertisement (screens §8.6): filters in the URL, create/edit drawer, (batch) delete. */
import { Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { call, callPage } from '../../../../api/call.ts';
import { advertisementDelete, advertisementList } from '../../../../api/generated/advertisement.ts';
import type { Advertisement } from '../../../../contract/advertisement.ts';
import { AD_POSITION_LABELS } from '../../../../domain/ad-positions.ts';
import { dateColumn, enableColumn, idColumn, stampColumns, textColumn } from '../../components/columns.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { EnableSelect, FilterSelect, ListLayout, SearchBar } from '../../components/ListToolbar.tsx';
import { editDeleteColumn } from '../../components/rowActions.tsx';
import { enableFilter, pageAndWord } from '../../hooks/queryFilters.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { useCrudList } from '../../hooks/useCrudList.tsx';
import { deleteQuestion, useListPage } from '../../hooks/useListPage.ts';
import { AdvertisementForm, POSITION_OPTIONS } from './AdvertisementForm.tsx';

function columns(onEdit: (a: Advertisement) => void, onDelete: (a: Advertisement) => void): TableColumnsType<Advertisement> {
  return [
    idColumn(),
    enableColumn(),
    {
      title: '广告位',
      dataIndex: 'position',
      width: 170,
      render: (v: string) => <Tooltip title={v}>{AD_POSITION_LABELS[v] ?? v}</Tooltip>,
    },
    textColumn('广告名称', 'title', 180),
    textColumn('广告备注', 'remark', 200),
    dateColumn('开始时间', 'start_time'),
    dateColumn('截止时间', 'end_time'),
    ...stampColumns<Advertisement>(),
    editDeleteColumn(onEdit, onDelete),
  ];
}

export function AdvertisementList() {
  const list = useListPage<Advertisement>(
    (q) =>
      callPage(advertisementList, 'advertisement', { ...pageAndWord(q), enable: enableFilter(q), position: q.list('position') }),
    '获取广告列表失败',
  );
  const { q } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd'), enable: q.list('enable'), position: q.list('position') }));
  const { drawer, remove, actions } = useCrudList(list, 'advertisement-create', deleteQuestion('个广告'), (ids) =>
    call(advertisementDelete, { id: ids }),
  );

  return (
    <ListLayout>
      <SearchBar filters={f} keyword="名称、代码或备注" actions={actions}>
        <EnableSelect {...f.bind('enable')} />
        <FilterSelect placeholder="位置" options={POSITION_OPTIONS} {...f.bind('position')} minWidth={220} />
      </SearchBar>
      <ListTable list={list} columns={columns(drawer.show, (a) => remove([a.id]))} scrollX={1500} />
      <AdvertisementForm {...drawer.props} />
    </ListLayout>
  );
}
