/** 轮播图管理 /admin/banner (screens §8.6): filters in the URL, create/edit drawer, (batch) delete. */
import { Image, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { adminListBanners, deleteBanners } from '../../../../api/admin-site.ts';
import type { Banner } from '../../../../api/admin-site.ts';
import { mapOk } from '../../../../api/http.ts';
import { BoolTag, DateTime, PlainText, SafeLink } from '../../components/cells.tsx';
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
import { enableFilter, numList, optionsOf, pageAndWord } from '../../hooks/queryFilters.ts';
import { useBatchDelete, useEditDrawer, useListPage, useQueryDraft } from '../../hooks/useListPage.ts';
import { BannerForm } from './BannerForm.tsx';
import { BANNER_TYPE_LABELS } from '../../../../domain/status.ts';

function columns(onEdit: (b: Banner) => void, onDelete: (b: Banner) => void): TableColumnsType<Banner> {
  return [
    { title: 'ID', dataIndex: 'id', width: 70, fixed: 'left' },
    {
      title: '轮播图',
      dataIndex: 'path',
      width: 200,
      render: (v: string) => (v ? <Image src={v} alt="" width={180} style={{ objectFit: 'cover' }} /> : '-'),
    },
    { title: '类型', dataIndex: 'type', width: 80, render: (v: number) => <Tag>{BANNER_TYPE_LABELS[v] ?? v}</Tag> },
    { title: '是否启用', dataIndex: 'enable', width: 90, render: (v: boolean) => <BoolTag value={v} /> },
    { title: '名称', dataIndex: 'title', width: 160, render: (v: string) => <PlainText value={v} width={150} /> },
    {
      title: '链接',
      dataIndex: 'url',
      width: 200,
      ellipsis: true,
      render: (v: string) => (v ? <SafeLink href={v}>{v}</SafeLink> : '-'),
    },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '备注', dataIndex: 'description', width: 180, render: (v: string) => <PlainText value={v} width={170} /> },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (v: string) => <DateTime value={v} /> },
    editDeleteColumn(onEdit, onDelete),
  ];
}

export function BannerList() {
  const list = useListPage<Banner>(async (q) => {
    const r = await adminListBanners({
      ...pageAndWord(q),
      type: numList(q, 'type'),
      enable: enableFilter(q),
    });
    return mapOk(r, (d) => ({ total: d.total, rows: d.banner }));
  }, '获取轮播图列表失败');
  const { q } = list;
  const [wd, setWd] = useQueryDraft(q, () => q.str('wd'));
  const [types, setTypes] = useQueryDraft(q, () => numList(q, 'type'));
  const [enable, setEnable] = useQueryDraft<string[]>(q, () => q.list('enable'));
  const drawer = useEditDrawer<Banner>(list.reload);
  const remove = useBatchDelete(list, (n) => `您确定要删除选中的【${n}】个轮播图吗？删除之后不可恢复。`, deleteBanners);
  const search = () => q.update({ wd: wd.trim(), type: types, enable, page: 1 });

  return (
    <ListLayout>
      <FilterBar>
        <KeywordInput placeholder="名称或描述" value={wd} onChange={setWd} onSearch={search} />
        <FilterSelect placeholder="类型" options={optionsOf(BANNER_TYPE_LABELS)} value={types} onChange={setTypes} />
        <EnableSelect value={enable} onChange={setEnable} />
        <SearchButton onClick={search} />
        <CreateButton onClick={() => drawer.show(null)} testId="banner-create" />
        <BatchDeleteButton ids={list.ids} onDelete={remove} />
      </FilterBar>
      <ListTable list={list} columns={columns(drawer.show, (b) => remove([b.id]))} scrollX={1500} />
      <BannerForm open={drawer.open} value={drawer.value} onClose={drawer.close} onSaved={drawer.saved} />
    </ListLayout>
  );
}
