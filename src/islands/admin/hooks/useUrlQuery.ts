/**
 * Filters and paging mirrored in the URL query (`?page=2&size=20&wd=…`), so a reload keeps
 * them. Lists are comma-joined (`group_id=1,2`). Changing the query pushes a history entry.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useMemo } from 'react';
import { $adminRouter, go } from '../router.ts';

export type QueryValue = string | number | readonly (string | number)[] | null | undefined;

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface UrlQuery {
  /** Stable string of the current query; use it as an effect dependency. */
  key: string;
  str(name: string): string;
  num(name: string, fallback: number): number;
  list(name: string): string[];
  ids(name: string): number[];
  page: number;
  size: number;
  update(patch: Record<string, QueryValue>): void;
}

function encode(v: QueryValue): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(String).filter(Boolean).join(',');
  return String(v);
}

export function useUrlQuery(): UrlQuery {
  const page = useStore($adminRouter);
  const search = page?.search ?? {};
  const path = page?.path ?? '';
  const key = new URLSearchParams(search).toString();

  const update = useCallback(
    (patch: Record<string, QueryValue>) => {
      const next: Record<string, string> = { ...search };
      for (const [k, v] of Object.entries(patch)) {
        const s = encode(v);
        if (s) next[k] = s;
        else delete next[k];
      }
      const qs = new URLSearchParams(next).toString();
      go(`${path}${qs ? `?${qs}` : ''}`);
    },
    [key, path],
  );

  return useMemo(() => {
    const str = (name: string) => search[name] ?? '';
    const num = (name: string, fallback: number) => {
      const n = Number.parseInt(str(name), 10);
      return Number.isFinite(n) && n > 0 ? n : fallback;
    };
    const list = (name: string) =>
      str(name)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    const ids = (name: string) =>
      list(name)
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0);
    const size = num('size', DEFAULT_PAGE_SIZE);
    return { key, str, num, list, ids, page: num('page', 1), size, update };
  }, [key, update]);
}

/** antd Table pagination bound to the URL (server-side paging). */
export function urlPagination(q: UrlQuery, total: number) {
  return {
    current: q.page,
    pageSize: q.size,
    total,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: (t: number) => `共 ${t} 条`,
    onChange: (page: number, size: number) => q.update({ page: size !== q.size ? 1 : page, size }),
  };
}
