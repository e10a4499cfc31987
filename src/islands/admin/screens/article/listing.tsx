/**
 * Pieces shared by the content screens (articles, comments, feedback, punishments, banners,
 * friend links, ads): a server-paged list bound to the URL query, action feedback, text cells.
 */
import { App, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Key, ReactNode } from 'react';
import { isOk, messageOf } from '../../../../api/http.ts';
import type { ApiResult } from '../../../../api/http.ts';
import type { UrlQuery } from '../../hooks/useUrlQuery.ts';

export interface ListData<T> {
  rows: T[];
  total: number;
  loading: boolean;
  selected: Key[];
  setSelected: (keys: Key[]) => void;
  reload: () => Promise<void>;
}

/**
 * Loads a page whenever `key` (the URL query) changes; `fetch` may close over fresh values.
 * Late answers of superseded requests are dropped. Server messages are shown on failure.
 */
export function useListData<T>(
  fetch: () => Promise<ApiResult<{ total: number; rows: T[] }>>,
  key: string,
  failText: string,
): ListData<T> {
  const { message } = App.useApp();
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);
  const latest = useRef(fetch);
  latest.current = fetch;
  const seq = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    const r = await latest.current();
    if (mine !== seq.current) return;
    setLoading(false);
    if (isOk(r)) {
      setRows(r.data.rows);
      setTotal(r.data.total);
      setSelected((keys) => keys.filter((k) => r.data.rows.some((row) => (row as { id?: Key }).id === k)));
    } else message.error(messageOf(r, failText));
  }, [message, failText]);

  useEffect(() => {
    void reload();
  }, [key, reload]);

  return { rows, total, loading, selected, setSelected, reload };
}

/** Runs a write call and reports it; true on success. */
export function useAct() {
  const { message } = App.useApp();
  return useCallback(
    async (call: Promise<ApiResult<unknown>>, okText: string, failText: string): Promise<boolean> => {
      const r = await call;
      if (!isOk(r)) {
        message.error(messageOf(r, failText));
        return false;
      }
      message.success(okText);
      return true;
    },
    [message],
  );
}

/** 启用/禁用 filter options; the URL keeps `enable=true,false`. */
export const ENABLE_OPTIONS = [
  { value: 'true', label: '启用' },
  { value: 'false', label: '禁用' },
];

export const enableFilter = (q: UrlQuery): boolean[] =>
  q.list('enable').filter((v) => v === 'true' || v === 'false').map((v) => v === 'true');

/** Numbers of a comma list in the URL (0 allowed, unlike `q.ids`). */
export const numList = (q: UrlQuery, name: string): number[] =>
  q.list(name).map(Number).filter((n) => Number.isInteger(n) && n >= 0);

/** `{value, label}` options of a label map keyed by numbers. */
export const optionsOf = (labels: Readonly<Record<number, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

/** Plain text, one line with the full text as tooltip; '-' when empty. Never HTML. */
export function PlainText({ value, width }: { value: string; width?: number }) {
  if (!value) return <span>-</span>;
  return (
    <Tooltip title={<span style={{ whiteSpace: 'pre-wrap' }}>{value}</span>}>
      <Typography.Text style={{ maxWidth: width ?? 240 }} ellipsis>
        {value}
      </Typography.Text>
    </Tooltip>
  );
}

/** Only absolute http(s) and site-relative links become anchors. */
export function SafeLink({ href, children }: { href: string; children: ReactNode }) {
  const ok = /^https?:\/\//i.test(href) || /^\/(?![/\\])/.test(href);
  if (!ok) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
