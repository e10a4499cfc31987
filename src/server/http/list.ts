import type { SelectQueryBuilder } from 'kysely';

/** moredoc paging: OFFSET (page-1)*size LIMIT size; size<=0 means no limit. */
export function paginate<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  page: number | undefined,
  size: number | undefined,
): SelectQueryBuilder<DB, TB, O> {
  if (!size || size <= 0) return q;
  const p = page && page > 0 ? page : 1;
  return q.limit(size).offset((p - 1) * size);
}

export const clamp = (n: number | undefined, min: number, max: number, fallback: number): number =>
  n === undefined || !Number.isFinite(n) ? fallback : Math.min(max, Math.max(min, n));

/**
 * Parses `"col [asc|desc], col2"` against an allow-list; unknown columns are dropped.
 */
export function parseOrder(spec: string | undefined, allowed: readonly string[]): Array<[string, 'asc' | 'desc']> {
  if (!spec) return [];
  const out: Array<[string, 'asc' | 'desc']> = [];
  for (const part of spec.split(',')) {
    const [col, dir] = part.trim().split(/\s+/);
    if (col && allowed.includes(col)) out.push([col, dir?.toLowerCase() === 'asc' ? 'asc' : 'desc']);
  }
  return out;
}

/** LIKE pattern of moredoc: spaces inside the keyword become wildcards. */
export const likePattern = (wd: string): string => `%${wd.trim().replace(/[%_]/g, '\\$&').replace(/\s+/g, '%')}%`;
