/** 文章回收站 /admin/article/recycle (screens §8.4): restore, delete for good, empty the bin. */
import { ClearOutlined, DeleteOutlined, RollbackOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { emptyArticleRecycle, listRecycleArticles, purgeArticles, restoreArticles } from '../../../../api/admin-content.ts';
import type { Article } from '../../../../api/article.ts';
import { mapOk } from '../../../../api/http.ts';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { recycleColumns } from './articleColumns.tsx';
import { useAct, useListData } from './listing.tsx';

export function ArticleRecycle() {
  const q = useUrlQuery();
  const confirm = useConfirm();
  const act = useAct();
  const [wd, setWd] = useState(q.str('wd'));
  const list = useListData<Article>(
    async () => {
      const w = q.str('wd');
      const r = await listRecycleArticles({ page: q.page, size: q.size, ...(w ? { wd: w } : {}) });
      return mapOk(r, (d) => ({ total: d.total, rows: d.article }));
    },
    q.key,
    '获取回收站文章失败',
  );
  useEffect(() => setWd(q.str('wd')), [q.key]);
  const ids = list.selected.map(Number);
  const search = () => q.update({ wd: wd.trim(), page: 1 });
  const done = async (ok: boolean) => {
    if (!ok) return;
    list.setSelected([]);
    await list.reload();
  };

  const restore = (targets: number[]) =>
    confirm(`您确定要恢复选中的【${targets.length}】篇文章吗？`, async () => done(await act(restoreArticles(targets), '恢复成功', '恢复失败')), '恢复');

  const purge = (targets: number[]) =>
    confirm(`您确定要彻底删除选中的【${targets.length}】篇文章吗？删除之后不可恢复。`, async () =>
      done(await act(purgeArticles(targets), '删除成功', '删除失败')),
    );

  const empty = () =>
    confirm('您确定要清空回收站吗？回收站中的全部文章将被彻底删除，且不可恢复。', async () =>
      done(await act(emptyArticleRecycle(), '回收站已清空', '清空回收站失败')),
    );

  const columns = recycleColumns({ onRestore: (a) => restore([a.id]), onPurge: (a) => purge([a.id]) });

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
            style={{ width: 240 }}
            data-testid="filter-wd"
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            查询
          </Button>
          <Button icon={<RollbackOutlined />} disabled={!ids.length} onClick={() => restore(ids)}>
            恢复选中
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={!ids.length} onClick={() => purge(ids)}>
            删除选中
          </Button>
          <Button danger icon={<ClearOutlined />} disabled={!list.total} onClick={empty} data-testid="article-recycle-empty">
            清空回收站
          </Button>
        </Space>
      </Card>
      <Card size="small">
        <Table
          rowKey="id"
          size="middle"
          loading={list.loading}
          columns={columns}
          dataSource={list.rows}
          scroll={{ x: 1100 }}
          rowSelection={{ selectedRowKeys: list.selected, onChange: list.setSelected }}
          pagination={urlPagination(q, list.total)}
        />
      </Card>
    </Space>
  );
}
