/**
 * A list whose rows are created and edited in one drawer and deleted in batches (banners, links,
 * groups…): the drawer state, `remove(ids)` and the 新增/批量删除 buttons for the filter card.
 */
import type { ApiResult } from '../../../api/http.ts';
import { CreateDeleteActions } from '../components/ListToolbar.tsx';
import { useBatchDelete, useEditDrawer } from './useListPage.ts';
import type { ListPage } from './useListPage.ts';

/** `createTestId` marks 新增; `remove` asks `confirmText(count)` before `call(ids)`, then reloads. */
export function useCrudList<T>(
  list: ListPage<T>,
  createTestId: string,
  confirmText: (count: number) => string,
  call: (ids: number[]) => Promise<ApiResult<unknown>>,
) {
  const drawer = useEditDrawer<T>(list.reload);
  const remove = useBatchDelete(list, confirmText, call);
  const actions = (
    <CreateDeleteActions onCreate={() => drawer.show(null)} createTestId={createTestId} ids={list.ids} onDelete={remove} />
  );
  return { drawer, remove, actions };
}
