/** 文章列表 /admin/article/list (screens §8.4): filters in the URL, server pages, batch actions. */
import { Button } from 'antd';
import { ExpandedTreeSelect } from '../../../common/ExpandedTreeSelect.tsx';
import { useState } from 'react';
import { call, callPage } from '../../../../api/call.ts';
import {
  articleCheck,
  articleDelete,
  articleList,
  articleRecommend,
  articleSetCategory,
} from '../../../../api/generated/article.ts';
import { ListTable } from '../../components/ListTable.tsx';
import {
  CreateDeleteActions,
  ListLayout,
  OnOffMenu,
  ReviewMenu,
  SearchBar,
  StatusSelect,
} from '../../components/ListToolbar.tsx';
import { numList, pageAndWord } from '../../hooks/queryFilters.ts';
import { useAct } from '../../hooks/useAct.ts';
import { useFilters } from '../../hooks/useFilters.ts';
import { deleteQuestion, useBatchDelete, useListPage } from '../../hooks/useListPage.ts';
import { go } from '../../router.ts';
import { BatchCategoryModal, RejectReasonModal } from './ArticleBatchModals.tsx';
import { articleColumns, type Article } from './articleColumns.tsx';
import { useArticleCategories } from '../../../article/useArticleCategories.ts';
import { REVIEW_STATUS, REVIEW_STATUS_LABELS } from '../../../../domain/status.ts';

export function ArticleList() {
  const act = useAct();
  const categories = useArticleCategories();
  const list = useListPage<Article>(
    (q) =>
      callPage(articleList, 'article', { ...pageAndWord(q), status: numList(q, 'status'), category_id: q.ids('category_id') }),
    '获取文章列表失败',
  );
  const { q, ids } = list;
  const f = useFilters(q, () => ({ wd: q.str('wd'), status: numList(q, 'status'), category_id: q.ids('category_id') }));
  const [dialog, setDialog] = useState<'category' | 'reject' | null>(null);
  const after = async (ok: boolean) => {
    if (ok) await list.reload();
    return ok;
  };

  const remove = useBatchDelete(list, deleteQuestion('篇文章', '删除的文章会进入回收站，可在回收站中恢复。'), (ids) =>
    call(articleDelete, { id: ids }),
  );

  const recommend = (on: boolean) =>
    void act(call(articleRecommend, { article_id: ids, is_recommend: on }), on ? '推荐成功' : '已取消推荐', '操作失败').then(
      after,
    );

  const check = (value: number) => {
    if (value === REVIEW_STATUS.rejected) setDialog('reject');
    else void act(call(articleCheck, { article_id: ids, status: value }), '审核状态已更新', '审核失败').then(after);
  };

  const columns = articleColumns({
    onEdit: (a) => go(`/admin/article/set?id=${a.id}`),
    onDelete: (a) => remove([a.id]),
  });

  return (
    <ListLayout>
      <SearchBar
        filters={f}
        keyword="标题、关键字或摘要"
        actions={
          <>
            <CreateDeleteActions
              onCreate={() => go('/admin/article/set')}
              createTestId="article-create"
              ids={ids}
              onDelete={remove}
            />
            <Button disabled={!ids.length} onClick={() => setDialog('category')}>
              批量分类
            </Button>
            <OnOffMenu label="批量推荐" on="推荐选中" off="取消推荐" onPick={recommend} disabled={!ids.length} />
            <ReviewMenu onPick={check} disabled={!ids.length} testId="article-batch-check" />
          </>
        }
      >
        <StatusSelect labels={REVIEW_STATUS_LABELS} {...f.bind('status')} />
        <ExpandedTreeSelect
          multiple
          allowClear
          placeholder="分类"
          treeData={categories}
          {...f.bind('category_id')}
          style={{ minWidth: 200 }}
          maxTagCount="responsive"
        />
      </SearchBar>
      <ListTable list={list} columns={columns} scrollX={1900} />
      <BatchCategoryModal
        open={dialog === 'category'}
        count={ids.length}
        categories={categories}
        onClose={() => setDialog(null)}
        onSubmit={(cats) =>
          act(call(articleSetCategory, { article_id: ids, category_id: cats }), '分类已更新', '批量分类失败').then(after)
        }
      />
      <RejectReasonModal
        open={dialog === 'reject'}
        count={ids.length}
        onClose={() => setDialog(null)}
        onSubmit={(reason) =>
          act(
            call(articleCheck, { article_id: ids, status: REVIEW_STATUS.rejected, reject_reason: reason }),
            '已拒绝选中的文章',
            '审核失败',
          ).then(after)
        }
      />
    </ListLayout>
  );
}
