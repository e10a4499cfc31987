import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';

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

/** LIKE pattern of moredoc: spaces inside the keyword become wildcards; % and _ match themselves. */
export const likePattern = (wd: string): string =>
  `%${wd
    .trim()
    .replace(/[\\%_]/g, '\\$&')
    .replace(/\s+/g, '%')}%`;

/** `col1 LIKE pat OR col2 LIKE pat …` with an explicit escape character (SQLite has none by default). */
export function likeAny(columns: readonly string[], wd: string): RawBuilder<SqlBool> {
  const pat = likePattern(wd);
  const parts = columns.map((c) => sql`${sql.ref(c)} like ${pat} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
