/**
 * A server-paged admin list bound to the URL query: loads a page whenever `key` changes,
 * drops late answers of superseded requests, shows the server message on failure.
 */
import { App, Grid } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Key } from 'react';
import { isOk, messageOf } from '../../api/http.ts';
import type { ApiResult } from '../../api/http.ts';

export interface ListData<T> {
  rows: T[];
  total: number;
  loading: boolean;
  selected: Key[];
  setSelected: (keys: Key[]) => void;
  reload: () => Promise<void>;
}

/**
 * How the row selection survives a reload:
 * - `keep-visible`: keep the selected rows that are still on the loaded page;
 * - `clear-on-query`: clear it whenever the URL query changes, keep it as is on a plain reload.
 */
export type SelectionMode = 'keep-visible' | 'clear-on-query';

/** `fetch` may close over fresh values; it is read when a load starts. */
export function useListData<T>(
  fetch: () => Promise<ApiResult<{ total: number; rows: T[] }>>,
  key: string,
  failText: string,
  selection: SelectionMode = 'keep-visible',
): ListData<T> {
  const { message } = App.useApp();
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);
  const latest = useRef(fetch);
  latest.current = fetch;
  const seq = useRef(0);
  const keepVisible = selection === 'keep-visible';

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    const r = await latest.current();
    if (mine !== seq.current) return;
    setLoading(false);
    if (isOk(r)) {
      setRows(r.data.rows);
      setTotal(r.data.total);
      if (keepVisible) setSelected((keys) => keys.filter((k) => r.data.rows.some((row) => (row as { id?: Key }).id === k)));
    } else message.error(messageOf(r, failText));
  }, [message, failText, keepVisible]);

  useEffect(() => {
    void reload();
  }, [key, reload]);

  useEffect(() => {
    if (!keepVisible) setSelected([]);
  }, [key, keepVisible]);

  return { rows, total, loading, selected, setSelected, reload };
}

/**
 * Two keyboard faults of antd tables, mended on the element around the table as it re-renders: a table
 * wider than the screen scrolls, but its scrolling box takes no focus (WCAG 2.1.1), so it gets
 * tabindex 0; the hidden row antd measures column widths with holds a copy of the 全选 checkbox that
 * Tab would reach unseen, so that row becomes inert.
 */
export function tableFocusFixes(el: HTMLElement | null): (() => void) | undefined {
  if (!el) return undefined;
  const mend = () => {
    el.querySelectorAll('.ant-table-content:not([tabindex]), .ant-table-body:not([tabindex])').forEach((box) => {
      box.setAttribute('tabindex', '0');
    });
    el.querySelectorAll<HTMLElement>('.ant-table-measure-row:not([inert])').forEach((row) => {
      row.inert = true;
      row.querySelectorAll('input, button, a[href]').forEach((c) => c.setAttribute('tabindex', '-1'));
    });
  };
  mend();
  const watch = new MutationObserver(mend);
  watch.observe(el, { childList: true, subtree: true });
  return () => watch.disconnect();
}

/** A phone's width: below antd's `sm` breakpoint (576 px). */
export const usePhone = (): boolean => Grid.useBreakpoint().sm === false;

/**
 * What every list table takes from its data: rows keyed by id, the loading state, the columns and the
 * horizontal scroll. On a phone no column stays fixed: a fixed 操作 column would take half the screen
 * and leave the titles a few characters, so it scrolls in with the rest.
 */
export function useTableBase<T>(
  list: Pick<ListData<T>, 'rows' | 'loading'>,
  columns: TableColumnsType<T>,
  scrollX: number,
): TableProps<T> {
  const phone = usePhone();
  const shown = phone ? columns.map(({ fixed: _fixed, ...column }) => column) : columns;
  return { rowKey: 'id', size: 'middle', loading: list.loading, columns: shown, dataSource: list.rows, scroll: { x: scrollX } };
}
