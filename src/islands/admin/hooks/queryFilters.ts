/** Filter values kept in the URL query and the options of their selects. */
import type { UrlQuery } from './useUrlQuery.ts';

/** 启用/禁用 filter options; the URL keeps `enable=true,false`. */
export const ENABLE_OPTIONS = [
  { value: 'true', label: '启用' },
  { value: 'false', label: '禁用' },
];

/** The `true`/`false` strings of a boolean URL list (others dropped). */
export const boolStrings = (q: UrlQuery, name: string): string[] => q.list(name).filter((v) => v === 'true' || v === 'false');

export const enableFilter = (q: UrlQuery): boolean[] => boolStrings(q, 'enable').map((v) => v === 'true');

/** Numbers of a comma list in the URL (0 allowed, unlike `q.ids`). */
export const numList = (q: UrlQuery, name: string): number[] =>
  q
    .list(name)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0);

/** `{value, label}` options of a label map keyed by numbers. */
export const optionsOf = (labels: Readonly<Record<number, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

/** The page, page size and keyword (`wd`, when given) of a list request. */
export const pageAndWord = (q: UrlQuery): { page: number; size: number; wd?: string } => {
  const wd = q.str('wd');
  return { page: q.page, size: q.size, ...(wd ? { wd } : {}) };
};

/** Only the filters that are set: empty strings and empty lists stay out of the request. */
export function setFilters<T extends Record<string, string | readonly unknown[]>>(filters: T): Partial<T> {
  const set: Partial<T> = {};
  for (const key in filters) if (filters[key].length > 0) set[key] = filters[key];
  return set;
}
