/** /member/favorite 我的收藏 (screens §6): GET /favorite/list, 20 per page; 取消收藏 per row (DELETE /favorite). */
import type { TableColumnsType } from 'antd';
import { call, callPage } from '../../api/call.ts';
import type { ReplyOf } from '../../api/call.ts';
import { favoriteDelete, favoriteList } from '../../api/generated/favorite.ts';

type Favorite = ReplyOf<typeof favoriteList>['favorite'][number];
import { documentByUuidUrl } from '../../domain/urls.ts';
import { ConfirmButton, documentColumn, MemberTable, sizeColumn, timeColumn, useMemberWrite } from './MemberTable.tsx';

export function MyFavorites() {
  const { version, write } = useMemberWrite();
  const remove = (f: Favorite) => write(call(favoriteDelete, { id: [f.id] }), '已取消收藏', '取消收藏失败');
  const columns: TableColumnsType<Favorite> = [
    documentColumn((f) => <a href={documentByUuidUrl(f.document_uuid)}>{f.title}</a>),
    { title: '页数', dataIndex: 'pages', width: 70 },
    sizeColumn(),
    timeColumn('收藏时间', 120),
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, f) => (
        <ConfirmButton title={`确定取消收藏《${f.title}》吗？`} onConfirm={() => remove(f)} testId="favorite-remove">
          取消收藏
        </ConfirmButton>
      ),
    },
  ];
  return (
    <div data-testid="member-favorites">
      <MemberTable<Favorite>
        fetch={(page, size) => callPage(favoriteList, 'favorite', { page, size })}
        deps={String(version)}
        texts={{ fail: '获取收藏列表失败', empty: '您还没有收藏过文档', unit: '篇' }}
        columns={columns}
        scrollX={600}
      />
    </div>
  );
}
