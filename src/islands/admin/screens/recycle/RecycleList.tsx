/** 回收站 /admin/document/recycle (screens §8.3): recover, delete for good, empty the bin. */
import { call, callPage } from '../../../../api/call.ts';
import { recycleClear, recycleDelete, recycleList, recycleRecover } from '../../../../api/generated/recycle.ts';
import type { Document } from '../../../../contract/document.ts';
import { ListTable } from '../../components/ListTable.tsx';
import { ListLayout } from '../../components/ListToolbar.tsx';
import { RecycleToolbar } from '../../components/RecycleToolbar.tsx';
import { useConfirm } from '../../hooks/useConfirm.ts';
import { pageAndWord } from '../../hooks/queryFilters.ts';
import { useListPage } from '../../hooks/useListPage.ts';
import { useCategories } from '../document/common/useDocOptions.ts';
import { recycleColumns } from './recycleColumns.tsx';

export function RecycleList() {
  const confirm = useConfirm();
  const categories = useCategories(0);
  const list = useListPage<Document>(
    (q) => callPage(recycleList, 'document', pageAndWord(q)),
    '获取回收站文档失败',
    'clear-on-query',
  );
  const { q, selected, write } = list;

  const what = (docs: readonly Document[]) =>
    docs.length === 1 ? `《${docs[0]?.title ?? ''}》` : `选中的【${docs.length}】篇文档`;
  const picked = () => list.rows.filter((d) => selected.includes(d.id));
  const recover = (docs: readonly Document[]) =>
    confirm(
      `您确定要恢复${what(docs)}吗？`,
      () => write(call(recycleRecover, { id: docs.map((d) => d.id) }), '恢复成功', '恢复失败'),
      '恢复',
    );
  const remove = (docs: readonly Document[]) =>
    confirm(
      `您确定要彻底删除${what(docs)}吗？删除后不可恢复。`,
      () => write(call(recycleDelete, { id: docs.map((d) => d.id) }), '删除成功', '删除失败'),
      '彻底删除',
    );
  const clear = () =>
    confirm(
      '您确定要清空回收站吗？回收站中的所有文档都将被彻底删除，且不可恢复。',
      () => write(call(recycleClear), '回收站已清空', '清空回收站失败'),
      '清空',
    );

  const columns = recycleColumns(categories.byId, { onRecover: (d) => recover([d]), onDelete: (d) => remove([d]) });

  return (
    <ListLayout>
      <RecycleToolbar
        q={q}
        selected={selected.length}
        onRestore={() => recover(picked())}
        onPurge={() => remove(picked())}
        onEmpty={clear}
        emptyTestId="admin-recycle-clear"
      />
      <ListTable list={list} columns={columns} scrollX={2100} />
    </ListLayout>
  );
}
