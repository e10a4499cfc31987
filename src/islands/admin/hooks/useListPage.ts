/**
 * The standard admin list screen: URL-query paging and filters, one server page with loading
 * and reload, the row selection, and the usual write flows (batch delete, act-then-reload).
 */
import { useCallback, useState } from 'react';
import type { ApiResult } from '../../../api/http.ts';
import { useAct } from './useAct.ts';
import { useConfirm } from './useConfirm.ts';
import type { ListData, SelectionMode } from '../../common/useListData.ts';
import { useListData } from '../../common/useListData.ts';
import { useUrlQuery } from './useUrlQuery.ts';
import type { UrlQuery } from './useUrlQuery.ts';
import type { EditDrawerProps } from './useSaveForm.ts';

export interface ListPage<T> extends ListData<T> {
  q: UrlQuery;
  /** The selected row ids. */
  ids: number[];
  /** After a successful write: clear the selection and reload. */
  afterWrite: (ok: boolean) => Promise<void>;
  /** Runs a write, reports `ok` or the server's message (else `fail`), then `afterWrite`. */
  write: (call: Promise<ApiResult<unknown>>, ok: string, fail: string) => Promise<void>;
}

export function useListPage<T>(
  fetch: (q: UrlQuery) => Promise<ApiResult<{ total: number; rows: T[] }>>,
  failText: string,
  selection: SelectionMode = 'keep-visible',
): ListPage<T> {
  const q = useUrlQuery();
  const act = useAct();
  const list = useListData<T>(() => fetch(q), q.key, failText, selection);
  const afterWrite = async (ok: boolean) => {
    if (!ok) return;
    list.setSelected([]);
    await list.reload();
  };
  const write = async (call: Promise<ApiResult<unknown>>, ok: string, fail: string) => afterWrite(await act(call, ok, fail));
  return { ...list, q, ids: list.selected.map(Number), afterWrite, write };
}

/** The question before a batch delete: 您确定要删除选中的【count】`unit`吗？ and `note` (by default: it cannot be undone). */
export const deleteQuestion =
  (unit: string, note = '删除之后不可恢复。') =>
  (count: number): string =>
    `您确定要删除选中的【${count}】${unit}吗？${note}`;

/**
 * `remove(ids)`: asks with `confirmText(count)`, runs `call(ids)` and reports 删除成功/删除失败,
 * then clears the selection and reloads.
 */
export function useBatchDelete(
  list: Pick<ListPage<unknown>, 'write'>,
  confirmText: (count: number) => string,
  call: (ids: number[]) => Promise<ApiResult<unknown>>,
): (ids: number[]) => void {
  const confirm = useConfirm();
  return (ids) => {
    confirm(confirmText(ids.length), () => list.write(call(ids), '删除成功', '删除失败'));
  };
}

/** Create/edit drawer state: `show(row)` edits a row, `show(null)` creates; `saved` closes and reloads. */
export function useEditDrawer<T>(reload: () => Promise<void>) {
  const [value, setValue] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const saved = () => {
    setOpen(false);
    void reload();
  };
  const props: EditDrawerProps<T> = { open, value, onClose: close, onSaved: saved };
  return {
    open,
    value,
    show: (row: T | null) => {
      setValue(row);
      setOpen(true);
    },
    close,
    saved,
    /** the drawer form's props: `<XForm {...drawer.props} />` */
    props,
  };
}

/**
 * The drawers of a list of which one at a time is open (用户: 设置/积分/编辑/删除; 文档: 编辑/推荐/批量):
 * `show(d)` opens the one `d.kind` names. The last dialog stays while its drawer closes.
 */
export function useDialogs<D extends { kind: string }>() {
  const [dialog, setDialog] = useState<D | null>(null);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return {
    show: (d: D) => {
      setDialog(d);
      setOpen(true);
    },
    close,
    /** Whether the drawer of `kind` is open. */
    isOpen: (kind: D['kind']) => open && dialog?.kind === kind,
    /** The dialog when it is of `kind`, else null. */
    of: <K extends D['kind']>(kind: K) => (dialog?.kind === kind ? (dialog as Extract<D, { kind: K }>) : null),
  };
}
