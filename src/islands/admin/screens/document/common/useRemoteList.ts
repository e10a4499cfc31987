/**
 * One server-side page of an admin list, reloaded whenever `key` (the URL query) changes.
 * A late answer of an older request never overwrites a newer one.
 */
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isOk, messageOf } from '../../../../../api/http.ts';
import type { ApiResult } from '../../../../../api/http.ts';

export interface RemotePage<T> {
  total: number;
  rows: T[];
}

export interface RemoteList<T> extends RemotePage<T> {
  loading: boolean;
  reload: () => Promise<void>;
}

export function useRemoteList<T>(key: string, fetcher: () => Promise<ApiResult<RemotePage<T>>>, failText: string): RemoteList<T> {
  const { message } = App.useApp();
  const [page, setPage] = useState<RemotePage<T>>({ total: 0, rows: [] });
  const [loading, setLoading] = useState(false);
  const latest = useRef(fetcher);
  latest.current = fetcher;
  const seq = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    const r = await latest.current();
    if (mine !== seq.current) return;
    setLoading(false);
    if (isOk(r)) setPage(r.data);
    else message.error(messageOf(r, failText));
    // key captures every filter and the page
  }, [key, message, failText]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { ...page, loading, reload };
}
