/** Every row of a short list (user groups, languages), loaded once for selects and tags. */
import { App } from 'antd';
import { useEffect, useState } from 'react';
import { isOk, messageOf } from '../../../api/http.ts';
import type { ApiResult } from '../../../api/http.ts';

/** The rows `load` answers on mount; on failure the server's message (else `failText`) and no rows. */
export function useAllRows<T>(load: () => Promise<ApiResult<T[]>>, failText: string): T[] {
  const { message } = App.useApp();
  const [rows, setRows] = useState<T[]>([]);
  useEffect(() => {
    let alive = true;
    void load().then((r) => {
      if (!alive) return;
      if (isOk(r)) setRows(r.data);
      else message.error(messageOf(r, failText));
    });
    return () => {
      alive = false;
    };
  }, [message]);
  return rows;
}
