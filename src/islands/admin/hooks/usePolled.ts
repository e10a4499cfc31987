/** A dashboard card's data, read now and again every `everyMs` until the card goes away. */
import { useEffect, useState } from 'react';
import { isOk, messageOf } from '../../../api/http.ts';
import type { ApiResult } from '../../../api/http.ts';

/**
 * `data` from `load()`, refreshed every `everyMs`; a failure (no permission, server error) stops
 * the polling and `error` says why (`failure` unless the server sent its own message).
 */
export function usePolled<T>(
  load: () => Promise<ApiResult<T>>,
  everyMs: number,
  failure: string,
): { data: T | null; error: string } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const r = await load();
      if (!alive) return;
      if (!isOk(r)) return setError(messageOf(r, failure));
      setData(r.data);
      setError('');
      timer = setTimeout(poll, everyMs);
    };
    void poll();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
    // the card's call and period are fixed for its lifetime
  }, []);
  return { data, error };
}
