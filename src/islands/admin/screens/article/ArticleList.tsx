/** 文章列表 /admin/article/list (screens §8.4): filters in the URL, server pages, batch actions. */
import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, TreeSelect } from 'antd';
import { useState } from 'react';
import {
  adminListArticles,
  checkArticles,
  deleteArticles,
  recommendArticles,
  setArticlesCategory,
} from '../../../../api/admin-content.ts';
import type { Article } from '../../../../api/article.ts';
import { mapOk } from '../../../../api/http.ts';
import { ListTable } from '../../components/ListTable.tsx';
import {
  BatchDeleteButton,
  CreateButton,
  FilterBar,
  FilterSelect,
  KeywordInput,
  ListLayout,
  SearchButton,
} from '../../components/ListToolbar.tsx';
import { numList, optionsOf, pageAndWord } from '../../hooks/queryFilters.ts';
import { useAct } from '../../hooks/useAct.ts';
import { useBatchDelete, useListPage, useQueryDraft } from '../../hooks/useListPage.ts';
import { go } from '../../router.ts';
import { BatchCategoryModal, RejectReasonModal } from './ArticleBatchModals.tsx';
import { articleColumns } from './articleColumns.tsx';
import { useArticleCategories } from './useArticleCategories.ts';
import { REVIEW_STATUS, REVIEW_STATUS_LABELS } from '../../../../domain/status.ts';

export function ArticleList() {
  const act = useAct();
  const categories = useArticleCategories();
  const list = useListPage<Article>(async (q) => {
    const r = await adminListArticles({
      ...pageAndWord(q),
      status: numList(q, 'status'),
      category_id: q.ids('category_id'),
    });
    return mapOk(r, (d) => ({ total: d.total, rows: d.article }));
  }, '获取文章列表失败');
  const { q, ids } = list;
  const [wd, setWd] = useQueryDraft(q, () => q.str('wd'));
  const [status, setStatus] = useQueryDraft(q, () => numList(q, 'status'));
  const [categoryIds, setCategoryIds] = useQueryDraft(q, () => q.ids('category_id'));
  const [dialog, setDialog] = useState<'category' | 'reject' | null>(null);
  const search = () => q.update({ wd: wd.trim(), status, category_id: categoryIds, page: 1 });
  const after = async (ok: boolean) => {
    if (ok) await list.reload();
    return ok;
  };

  const remove = useBatchDelete(
    list,
    (n) => `您确定要删除选中的【${n}】篇文章吗？删除的文章会进入回收站，可在回收站中恢复。`,
    deleteArticles,
  );

  const recommend = (on: boolean) => void act(recommendArticles(ids, on), on ? '推荐成功' : '已取消推荐', '操作失败').then(after);

  const check = (value: number) => {
    if (value === REVIEW_STATUS.rejected) setDialog('reject');
    else void act(checkArticles(ids, value), '审核状态已更新', '审核失败').then(after);
  };

  const columns = articleColumns({
    onEdit: (a) => go(`/admin/article/set?id=${a.id}`),
    onDelete: (a) => remove([a.id]),
  });

  return (
    <ListLayout>
      <FilterBar>
        <KeywordInput placeholder="标题、关键字或摘要" value={wd} onChange={setWd} onSearch={search} />
        <FilterSelect
          placeholder="状态"
          options={optionsOf(REVIEW_STATUS_LABELS)}
          value={status}
          onChange={setStatus}
          minWidth={160}
          testId="filter-status"
        />
        <TreeSelect
          multiple
          allowClear
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder="分类"
          treeData={categories}
          value={categoryIds}
          onChange={setCategoryIds}
          style={{ minWidth: 200 }}
          maxTagCount="responsive"
        />
        <SearchButton onClick={search} />
        <CreateButton onClick={() => go('/admin/article/set')} testId="article-create" />
        <BatchDeleteButton ids={ids} onDelete={remove} />
        <Button disabled={!ids.length} onClick={() => setDialog('category')}>
          批量分类
        </Button>
        <Dropdown
          disabled={!ids.length}
          menu={{
            items: [
              { key: 'on', label: '推荐选中' },
              { key: 'off', label: '取消推荐' },
            ],
            onClick: ({ key }) => recommend(key === 'on'),
          }}
        >
          <Button disabled={!ids.length}>
            批量推荐 <DownOutlined />
          </Button>
        </Dropdown>
        <Dropdown
          disabled={!ids.length}
          menu={{
            items: [
              { key: '0', label: '设为待审核' },
              { key: '1', label: '审核通过' },
              { key: '2', label: '审核拒绝', danger: true },
            ],
            onClick: ({ key }) => check(Number(key)),
          }}
        >
          <Button disabled={!ids.length} data-testid="article-batch-check">
            批量审核 <DownOutlined />
          </Button>
        </Dropdown>
      </FilterBar>
      <ListTable list={list} columns={columns} scrollX={1900} />
      <BatchCategoryModal
        open={dialog === 'category'}
        count={ids.length}
        categories={categories}
        onClose={() => setDialog(null)}
        onSubmit={(cats) => act(setArticlesCategory(ids, cats), '分类已更新', '批量分类失败').then(after)}
      />
      <RejectReasonModal
        open={dialog === 'reject'}
        count={ids.length}
        onClose={() => setDialog(null)}
        onSubmit={(reason) => act(checkArticles(ids, REVIEW_STATUS.rejected, reason), '已拒绝选中的文章', '审核失败').then(after)}
      />
    </ListLayout>
  );
}
