/**
 * The standard admin list screen: URL-query paging and filters, one server page with loading
 * and reload, the row selection, and the usual write flows (batch delete, act-then-reload).
 */
import type { Dispatch, SetStateAction } from 'react';
import { useEffect, useState } from 'react';
import type { ApiResult } from '../../../api/http.ts';
import { useAct } from './useAct.ts';
import { useConfirm } from './useConfirm.ts';
import type { ListData, SelectionMode } from '../../common/useListData.ts';
import { useListData } from '../../common/useListData.ts';
import { useUrlQuery } from './useUrlQuery.ts';
import type { UrlQuery } from './useUrlQuery.ts';

export interface ListPage<T> extends ListData<T> {
  q: UrlQuery;
  /** The selected row ids. */
  ids: number[];
  /** After a successful write: clear the selection and reload. */
  afterWrite: (ok: boolean) => Promise<void>;
}

export function useListPage<T>(
  fetch: (q: UrlQuery) => Promise<ApiResult<{ total: number; rows: T[] }>>,
  failText: string,
  selection: SelectionMode = 'keep-visible',
): ListPage<T> {
  const q = useUrlQuery();
  const list = useListData<T>(() => fetch(q), q.key, failText, selection);
  const afterWrite = async (ok: boolean) => {
    if (!ok) return;
    list.setSelected([]);
    await list.reload();
  };
  return { ...list, q, ids: list.selected.map(Number), afterWrite };
}

/**
 * `remove(ids)`: asks with `confirmText(count)`, runs `call(ids)` and reports 删除成功/删除失败,
 * then clears the selection and reloads.
 */
export function useBatchDelete(
  list: Pick<ListPage<unknown>, 'afterWrite'>,
  confirmText: (count: number) => string,
  call: (ids: number[]) => Promise<ApiResult<unknown>>,
): (ids: number[]) => void {
  const confirm = useConfirm();
  const act = useAct();
  return (ids) => {
    confirm(confirmText(ids.length), async () => list.afterWrite(await act(call(ids), '删除成功', '删除失败')));
  };
}

/** A filter's draft value: starts from the URL and follows it whenever the query changes. */
export function useQueryDraft<V>(q: UrlQuery, read: (q: UrlQuery) => V): [V, Dispatch<SetStateAction<V>>] {
  const [value, setValue] = useState<V>(() => read(q));
  useEffect(() => setValue(read(q)), [q.key]);
  return [value, setValue];
}

/** Create/edit drawer state: `show(row)` edits a row, `show(null)` creates; `saved` closes and reloads. */
export function useEditDrawer<T>(reload: () => Promise<void>) {
  const [value, setValue] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  return {
    open,
    value,
    show: (row: T | null) => {
      setValue(row);
      setOpen(true);
    },
    close: () => setOpen(false),
    saved: () => {
      setOpen(false);
      void reload();
    },
  };
}
