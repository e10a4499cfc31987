/**
 * /member/favorite 我的收藏 (screens §6): tabs 文档收藏 / 文章收藏 (`?type=1`), GET /favorite/list,
 * 20 per page; 取消收藏 per row (DELETE /favorite).
 */
import { Tabs } from 'antd';
import type { TableColumnsType } from 'antd';
import { call, callPage } from '../../api/call.ts';
import type { ReplyOf } from '../../api/call.ts';
import { favoriteDelete, favoriteList } from '../../api/generated/favorite.ts';
import { FAVORITE_TYPE } from '../../domain/status.ts';
import { articleUrl, documentByUuidUrl } from '../../domain/urls.ts';
import { ConfirmButton, documentColumn, MemberTable, sizeColumn, timeColumn, useMemberWrite } from './MemberTable.tsx';
import { useTabParam } from './usePageParam.ts';

type Favorite = ReplyOf<typeof favoriteList>['favorite'][number];

const TABS = [
  { key: String(FAVORITE_TYPE.document), label: '文档收藏' },
  { key: String(FAVORITE_TYPE.article), label: '文章收藏' },
];

export function MyFavorites() {
  const { version, write } = useMemberWrite();
  const [type, setType] = useTabParam('type', TABS[0].key);
  const articles = type === String(FAVORITE_TYPE.article);
  const remove = (f: Favorite) => write(call(favoriteDelete, { id: [f.id] }), '已取消收藏', '取消收藏失败');
  const actions: TableColumnsType<Favorite>[number] = {
    title: '操作',
    key: 'actions',
    width: 100,
    render: (_, f) => (
      <ConfirmButton title={`确定取消收藏《${f.title}》吗？`} onConfirm={() => remove(f)} testId="favorite-remove">
        取消收藏
      </ConfirmButton>
    ),
  };
  // an article's address needs its category: the one without (`_`) answers 301 to where it is now
  const columns: TableColumnsType<Favorite> = articles
    ? [
        { title: '文章', key: 'title', render: (_, f) => <a href={articleUrl({ identifier: f.document_uuid })}>{f.title}</a> },
        timeColumn('收藏时间', 120),
        actions,
      ]
    : [
        documentColumn((f) => <a href={documentByUuidUrl(f.document_uuid)}>{f.title}</a>),
        { title: '页数', dataIndex: 'pages', width: 70 },
        sizeColumn(),
        timeColumn('收藏时间', 120),
        actions,
      ];
  return (
    <div data-testid="member-favorites">
      <Tabs activeKey={type} items={TABS} onChange={setType} />
      <MemberTable<Favorite>
        key={type}
        fetch={(page, size) => callPage(favoriteList, 'favorite', { page, size, type: Number(type) })}
        deps={`${type}:${version}`}
        texts={{ fail: '获取收藏列表失败', empty: articles ? '您还没有收藏过文章' : '您还没有收藏过文档', unit: '篇' }}
        columns={columns}
        scrollX={articles ? 420 : 600}
      />
    </div>
  );
}
