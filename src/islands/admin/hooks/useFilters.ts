/**
 * The filter bar's draft values of a list screen: read from the URL query, following it when it
 * changes, and written back (texts trimmed, back to page 1) by `search()`.
 */
import { useEffect, useState } from 'react';
import type { QueryValue, UrlQuery } from './useUrlQuery.ts';

export interface Filters<F extends Record<string, QueryValue>> {
  value: F;
  /** `value`/`onChange` props of the input bound to one filter. */
  bind: <K extends keyof F>(name: K) => { value: F[K]; onChange: (v: F[K]) => void };
  search: () => void;
}

/** `paged: false` for lists without pages (trees), whose search leaves `page` alone. */
export function useFilters<F extends Record<string, QueryValue>>(
  q: UrlQuery,
  read: (q: UrlQuery) => F,
  { paged = true }: { paged?: boolean } = {},
): Filters<F> {
  const [value, setValue] = useState<F>(() => read(q));
  useEffect(() => setValue(read(q)), [q.key]);
  return {
    value,
    bind: (name) => ({ value: value[name], onChange: (v) => setValue((f) => ({ ...f, [name]: v })) }),
    search: () => {
      const patch: Record<string, QueryValue> = {};
      for (const [k, v] of Object.entries(value)) patch[k] = typeof v === 'string' ? v.trim() : v;
      q.update(paged ? { ...patch, page: 1 } : patch);
    },
  };
}
