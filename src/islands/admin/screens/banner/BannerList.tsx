/** 轮播图管理 /admin/banner (screens §8.6): filters in the URL, create/edit drawer, (batch) delete. */
import { Image, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { call, callPage } from '../../../../api/call.ts';
import { bannerDelete, bannerList } from '../../../../api/generated/banner.ts';
import type { Banner } from '../../../../contract/banner.ts';
import { SafeLink } from '../../components/cells.tsx';
import { boolColumn, idColumn, sortColumn, stampColumns, textColumn } from '../../components/columns.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { EnableSelect, FilterSelect, ListLayout, SearchBar } from '../../components/ListToolbar.tsx';
import { editDeleteColumn } from '../../components/rowActions.tsx';
import { enableFilter, numList, optionsOf, pageAndWord } from '../../hooks/queryFilters.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { useCrudList } from '../../hooks/useCrudList.tsx';
import { deleteQuestion, useListPage } from '../../hooks/useListPage.ts';
import { BannerForm } from './BannerForm.tsx';
import { BANNER_TYPE_LABELS } from '../../../../domain/status.ts';

function columns(onEdit: (b: Banner) => void, onDelete: (b: Banner) => void): TableColumnsType<Banner> {
  return [
    idColumn(),
    {
      title: '轮播图',
      dataIndex: 'path',
      width: 200,
      render: (v: string) => (v ? <Image src={v} alt="" width={180} style={{ objectFit: 'cover' }} /> : '-'),
    },
    { title: '类型', dataIndex: 'type', width: 80, render: (v: number) => <Tag>{BANNER_TYPE_LABELS[v] ?? v}</Tag> },
    boolColumn('是否启用', 'enable', 90),
    textColumn('名称', 'title', 160),
    {
      title: '链接',
      dataIndex: 'url',
      width: 200,
      ellipsis: true,
      render: (v: string) => (v ? <SafeLink href={v}>{v}</SafeLink> : '-'),
    },
    sortColumn(),
    textColumn('备注', 'description', 180),
    ...stampColumns<Banner>(),
    editDeleteColumn(onEdit, onDelete),
  ];
}

export function BannerList() {
  const list = useListPage<Banner>(
    (q) => callPage(bannerList, 'banner', { ...pageAndWord(q), type: numList(q, 'type'), enable: enableFilter(q) }),
    '获取轮播图列表失败',
  );
  const { q } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd'), type: numList(q, 'type'), enable: q.list('enable') }));
  const { drawer, remove, actions } = useCrudList(list, 'banner-create', deleteQuestion('个轮播图'), (ids) =>
    call(bannerDelete, { id: ids }),
  );

  return (
    <ListLayout>
      <SearchBar filters={f} keyword="名称或描述" actions={actions}>
        <FilterSelect placeholder="类型" options={optionsOf(BANNER_TYPE_LABELS)} {...f.bind('type')} />
        <EnableSelect {...f.bind('enable')} />
      </SearchBar>
      <ListTable list={list} columns={columns(drawer.show, (b) => remove([b.id]))} scrollX={1500} />
      <BannerForm {...drawer.props} />
    </ListLayout>
  );
}
