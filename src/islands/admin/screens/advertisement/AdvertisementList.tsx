/** 广告管理 /admin/advertisement (screens §8.6): filters in the URL, create/edit drawer, (batch) delete. */
import { Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { deleteAdvertisements, listAdvertisements } from '../../../../api/admin-site.ts';
import type { Advertisement } from '../../../../api/admin-site.ts';
import { mapOk } from '../../../../api/http.ts';
import { AD_POSITION_LABELS } from '../../../../domain/ad-positions.ts';
import { BoolTag, DateTime, PlainText } from '../../components/cells.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import {
  BatchDeleteButton,
  CreateButton,
  EnableSelect,
  FilterBar,
  FilterSelect,
  KeywordInput,
  ListLayout,
  SearchButton,
} from '../../components/ListToolbar.tsx';
import { editDeleteColumn } from '../../components/rowActions.tsx';
import { enableFilter, pageAndWord } from '../../hooks/queryFilters.ts';
import { useBatchDelete, useEditDrawer, useListPage, useQueryDraft } from '../../hooks/useListPage.ts';
import { AdvertisementForm, POSITION_OPTIONS } from './AdvertisementForm.tsx';

const time = (title: string, key: 'start_time' | 'end_time' | 'created_at' | 'updated_at') => ({
  title,
  dataIndex: key,
  width: 170,
  render: (v: string | null) => <DateTime value={v} />,
});

function columns(onEdit: (a: Advertisement) => void, onDelete: (a: Advertisement) => void): TableColumnsType<Advertisement> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70, fixed: 'left' },
    { title: '状态', dataIndex: 'enable', width: 80, render: (v: boolean) => <BoolTag value={v} yes="启用" no="禁用" /> },
    {
      title: '广告位',
      dataIndex: 'position',
      width: 170,
      render: (v: string) => <Tooltip title={v}>{AD_POSITION_LABELS[v] ?? v}</Tooltip>,
    },
    { title: '广告名称', dataIndex: 'title', width: 180, render: (v: string) => <PlainText value={v} width={170} /> },
    { title: '广告备注', dataIndex: 'remark', width: 200, render: (v: string) => <PlainText value={v} width={190} /> },
    time('开始时间', 'start_time'),
    time('截止时间', 'end_time'),
    time('创建时间', 'created_at'),
    time('更新时间', 'updated_at'),
    editDeleteColumn(onEdit, onDelete),
  ];
}

export function AdvertisementList() {
  const list = useListPage<Advertisement>(async (q) => {
    const r = await listAdvertisements({
      ...pageAndWord(q),
      enable: enableFilter(q),
      position: q.list('position'),
    });
    return mapOk(r, (d) => ({ total: d.total, rows: d.advertisement }));
  }, '获取广告列表失败');
  const { q } = list;
  const [wd, setWd] = useQueryDraft(q, () => q.str('wd'));
  const [enable, setEnable] = useQueryDraft<string[]>(q, () => q.list('enable'));
  const [positions, setPositions] = useQueryDraft<string[]>(q, () => q.list('position'));
  const drawer = useEditDrawer<Advertisement>(list.reload);
  const remove = useBatchDelete(list, (n) => `您确定要删除选中的【${n}】个广告吗？删除之后不可恢复。`, deleteAdvertisements);
  const search = () => q.update({ wd: wd.trim(), enable, position: positions, page: 1 });

  return (
    <ListLayout>
      <FilterBar>
        <KeywordInput placeholder="名称、代码或备注" value={wd} onChange={setWd} onSearch={search} />
        <EnableSelect value={enable} onChange={setEnable} />
        <FilterSelect placeholder="位置" options={POSITION_OPTIONS} value={positions} onChange={setPositions} minWidth={220} />
        <SearchButton onClick={search} />
        <CreateButton onClick={() => drawer.show(null)} testId="advertisement-create" />
        <BatchDeleteButton ids={list.ids} onDelete={remove} />
      </FilterBar>
      <ListTable list={list} columns={columns(drawer.show, (a) => remove([a.id]))} scrollX={1500} />
      <AdvertisementForm open={drawer.open} value={drawer.value} onClose={drawer.close} onSaved={drawer.saved} />
    </ListLayout>
  );
}
