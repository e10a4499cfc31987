/** 文章回收站 /admin/article/recycle (screens §8.4): restore, delete for good, empty the bin. */
import { call, callPage } from '../../../../api/call.ts';
import { articleEmpty, articlePurge, articleRecycleList, articleRestore } from '../../../../api/generated/article.ts';
import type { Article } from './articleColumns.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { ListLayout } from '../../components/ListToolbar.tsx';
import { RecycleToolbar } from '../../components/RecycleToolbar.tsx';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { pageAndWord } from '../../hooks/queryFilters.ts';
import { useListPage } from '../../hooks/useListPage.ts';
import { recycleColumns } from './articleColumns.tsx';

export function ArticleRecycle() {
  const confirm = useConfirm();
  const list = useListPage<Article>((q) => callPage(articleRecycleList, 'article', pageAndWord(q)), '获取回收站文章失败');
  const { q, ids, write } = list;

  const restore = (targets: number[]) =>
    confirm(
      `您确定要恢复选中的【${targets.length}】篇文章吗？`,
      () => write(call(articleRestore, { id: targets }), '恢复成功', '恢复失败'),
      '恢复',
    );

  const purge = (targets: number[]) =>
    confirm(`您确定要彻底删除选中的【${targets.length}】篇文章吗？删除之后不可恢复。`, () =>
      write(call(articlePurge, { id: targets }), '删除成功', '删除失败'),
    );

  const empty = () =>
    confirm('您确定要清空回收站吗？回收站中的全部文章将被彻底删除，且不可恢复。', () =>
      write(call(articleEmpty), '回收站已清空', '清空回收站失败'),
    );

  const columns = recycleColumns({ onRestore: (a) => restore([a.id]), onPurge: (a) => purge([a.id]) });

  return (
    <ListLayout>
      <RecycleToolbar
        q={q}
        selected={ids.length}
        onRestore={() => restore(ids)}
        onPurge={() => purge(ids)}
        onEmpty={empty}
        emptyDisabled={!list.total}
        emptyTestId="article-recycle-empty"
      />
      <ListTable list={list} columns={columns} scrollX={1100} />
    </ListLayout>
  );
}
