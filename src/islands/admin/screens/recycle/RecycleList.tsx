/** 回收站 /admin/document/recycle (screens §8.3): recover, delete for good, empty the bin. */
import { ClearOutlined, DeleteOutlined, RollbackOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Input, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import type { Key } from 'react';
import {
  clearRecycleDocuments, deleteRecycleDocuments, listRecycleDocuments, recoverRecycleDocuments,
} from '../../../../api/admin-documents.ts';
import type { Document } from '../../../../api/document.ts';
import { isOk, mapOk, messageOf } from '../../../../api/http.ts';
import type { ApiResult } from '../../../../api/http.ts';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { urlPagination, useUrlQuery } from '../../hooks/useUrlQuery.ts';
import { useCategories } from '../document/common/useDocOptions.ts';
import { useRemoteList } from '../document/common/useRemoteList.ts';
import { recycleColumns } from './recycleColumns.tsx';

export function RecycleList() {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const q = useUrlQuery();
  const categories = useCategories(0);
  const [wd, setWd] = useState('');
  const [selected, setSelected] = useState<Key[]>([]);

  const list = useRemoteList(
    q.key,
    async () => {
      const keyword = q.str('wd');
      const r = await listRecycleDocuments({ page: q.page, size: q.size, ...(keyword ? { wd: keyword } : {}) });
      return mapOk(r, (d) => ({ total: d.total, rows: d.document }));
    },
    '获取回收站文档失败',
  );

  useEffect(() => {
    setWd(q.str('wd'));
    setSelected([]);
  }, [q.key]);

  const run = async (call: Promise<ApiResult<unknown>>, ok: string, fail: string) => {
    const r = await call;
    if (!isOk(r)) {
      message.error(messageOf(r, fail));
      return;
    }
    message.success(ok);
    setSelected([]);
    await list.reload();
  };

  const what = (docs: readonly Document[]) => (docs.length === 1 ? `《${docs[0]?.title ?? ''}》` : `选中的【${docs.length}】篇文档`);
  const picked = () => list.rows.filter((d) => selected.includes(d.id));
  const recover = (docs: readonly Document[]) =>
    confirm(`您确定要恢复${what(docs)}吗？`, () =>
      run(recoverRecycleDocuments({ id: docs.map((d) => d.id) }), '恢复成功', '恢复失败'), '恢复');
  const remove = (docs: readonly Document[]) =>
    confirm(`您确定要彻底删除${what(docs)}吗？删除后不可恢复。`, () =>
      run(deleteRecycleDocuments({ id: docs.map((d) => d.id) }), '删除成功', '删除失败'), '彻底删除');
  const clear = () =>
    confirm('您确定要清空回收站吗？回收站中的所有文档都将被彻底删除，且不可恢复。', () =>
      run(clearRecycleDocuments(), '回收站已清空', '清空回收站失败'), '清空');

  const search = () => q.update({ wd: wd.trim(), page: 1 });
  const columns = recycleColumns(categories.byId, { onRecover: (d) => recover([d]), onDelete: (d) => remove([d]) });

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
          <Button icon={<RollbackOutlined />} disabled={!selected.length} onClick={() => recover(picked())}>
            恢复选中
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => remove(picked())}>
            删除选中
          </Button>
          <Button danger icon={<ClearOutlined />} onClick={clear} data-testid="admin-recycle-clear">
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
          scroll={{ x: 2100 }}
          rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
          pagination={urlPagination(q, list.total)}
        />
      </Card>
    </Space>
  );
}
