/** 文章列表 /admin/article/list (screens §8.4): filters in the URL, server pages, batch actions. */
import { DeleteOutlined, DownOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Input, Select, Space, Table, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import {
  adminListArticles,
  ARTICLE_REJECTED,
  ARTICLE_STATUS_NAMES,
  checkArticles,
  deleteArticles,
  recommendArticles,
  setArticlesCategory,
} from '../../../../api/admin-content.ts';
import type { Article } from '../../../../api/article.ts';
import { mapOk } from '../../../../api/http.ts';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { go } from '../../router.ts';
import { BatchCategoryModal, RejectReasonModal } from './ArticleBatchModals.tsx';
import { articleColumns } from './articleColumns.tsx';
import { numList, optionsOf, useAct, useListData } from './listing.tsx';
import { useArticleCategories } from './useArticleCategories.ts';

export function ArticleList() {
  const q = useUrlQuery();
  const confirm = useConfirm();
  const act = useAct();
  const categories = useArticleCategories();
  const [wd, setWd] = useState(q.str('wd'));
  const [status, setStatus] = useState<number[]>(numList(q, 'status'));
  const [categoryIds, setCategoryIds] = useState<number[]>(q.ids('category_id'));
  const [dialog, setDialog] = useState<'category' | 'reject' | null>(null);

  const list = useListData<Article>(
    async () => {
      const r = await adminListArticles({
        page: q.page,
        size: q.size,
        ...(q.str('wd') ? { wd: q.str('wd') } : {}),
        status: numList(q, 'status'),
        category_id: q.ids('category_id'),
      });
      return mapOk(r, (d) => ({ total: d.total, rows: d.article }));
    },
    q.key,
    '获取文章列表失败',
  );
  useEffect(() => {
    setWd(q.str('wd'));
    setStatus(numList(q, 'status'));
    setCategoryIds(q.ids('category_id'));
  }, [q.key]);
  const ids = list.selected.map(Number);
  const search = () => q.update({ wd: wd.trim(), status, category_id: categoryIds, page: 1 });
  const after = async (ok: boolean) => {
    if (ok) await list.reload();
    return ok;
  };

  const remove = (targets: number[]) =>
    confirm(`您确定要删除选中的【${targets.length}】篇文章吗？删除的文章会进入回收站，可在回收站中恢复。`, async () => {
      if (await act(deleteArticles(targets), '删除成功', '删除失败')) {
        list.setSelected([]);
        await list.reload();
      }
    });

  const recommend = (on: boolean) =>
    void act(recommendArticles(ids, on), on ? '推荐成功' : '已取消推荐', '操作失败').then(after);

  const check = (value: number) => {
    if (value === ARTICLE_REJECTED) setDialog('reject');
    else void act(checkArticles(ids, value), '审核状态已更新', '审核失败').then(after);
  };

  const columns = articleColumns({
    onEdit: (a) => go(`/admin/article/set?id=${a.id}`),
    onDelete: (a) => remove([a.id]),
  });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Input
            allowClear
            placeholder="标题、关键字或摘要"
            value={wd}
            onChange={(e) => setWd(e.target.value)}
            onPressEnter={search}
            style={{ width: 220 }}
            data-testid="filter-wd"
          />
          <Select
            mode="multiple"
            allowClear
            placeholder="状态"
            options={optionsOf(ARTICLE_STATUS_NAMES)}
            value={status}
            onChange={setStatus}
            style={{ minWidth: 160 }}
            data-testid="filter-status"
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
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => go('/admin/article/set')} data-testid="article-create">
            新增
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={!ids.length} onClick={() => remove(ids)}>
            批量删除
          </Button>
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
        </Space>
      </Card>
      <Card size="small">
        <Table
          rowKey="id"
          size="middle"
          loading={list.loading}
          columns={columns}
          dataSource={list.rows}
          scroll={{ x: 1900 }}
          rowSelection={{ selectedRowKeys: list.selected, onChange: list.setSelected }}
          pagination={urlPagination(q, list.total)}
        />
      </Card>
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
        onSubmit={(reason) => act(checkArticles(ids, ARTICLE_REJECTED, reason), '已拒绝选中的文章', '审核失败').then(after)}
      />
    </Space>
  );
}
