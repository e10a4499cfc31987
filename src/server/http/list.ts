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

/** The query counting what a filtered query finds, in one column `total`. */
export const countQuery = <DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>) =>
  q.select((eb) => eb.fn.countAll<number>().as('total'));

/** How many rows a filtered query finds: the total of a paged list. */
export async function countOf<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await countQuery(q).executeTakeFirstOrThrow();
  // a number on both databases: the PostgreSQL pool reads int8 as one (db.ts)
  return (row as { total: number }).total;
}

/** The total a filtered query finds and one page of its rows (`rows`: the same query, selected and ordered), read at once. */
export function totalAndPage<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  rows: SelectQueryBuilder<DB, TB, R>,
  page: number,
  size: number,
): Promise<[number, R[]]> {
  return Promise.all([countOf(base), paginate(rows, page, size).execute()]);
}

export const clamp = (n: number | undefined, min: number, max: number, fallback: number): number =>
  n === undefined || !Number.isFinite(n) ? fallback : Math.min(max, Math.max(min, n));

/** Page and size of a member's own list (orders, VIPs, credit log): from page 1, 1 to 100 rows, 20 unless asked. */
export const memberPage = (q: { page?: number; size?: number }) =>
  [clamp(q.page, 1, 100_000, 1), clamp(q.size, 1, 100, 20)] as const;

/** The columns a list asked for by `field`, or all of them when it named none of them. */
export function askedColumns<C extends string>(columns: readonly C[], field: readonly string[] | undefined): C[] {
  const picked = columns.filter((c) => field?.includes(c));
  return picked.length ? picked : [...columns];
}

/**
 * The query of a public list whose rows can be disabled (languages, categories): a holder of its list
 * permission may search and filter by status; anybody else sees the enabled rows, unsearched.
 */
export const enabledUnless = <Q extends { wd?: string; enable?: unknown; field?: readonly string[] }, C extends string>(
  privileged: boolean,
  q: Q,
  columns: readonly C[],
) => ({
  ...q,
  wd: privileged ? q.wd : undefined,
  enable: privileged ? q.enable : undefined,
  enabledOnly: !privileged,
  fields: askedColumns(columns, q.field),
});

/**
 * The query of a public list whose visitors see only the enabled rows' public columns (banners, friend
 * links): a holder of its list permission gets every row, filtered as asked, with the columns it asked for;
 * anybody else a page of the enabled rows with `publicColumns`, filtered by `visitorFilters` only.
 */
export const publicColumnsUnless = <
  Q extends { page?: number; size?: number; field?: readonly string[] },
  C extends string,
  F extends Partial<Q> = object,
>(
  privileged: boolean,
  q: Q,
  columns: readonly C[],
  publicColumns: readonly C[],
  visitorFilters?: F,
) =>
  privileged
    ? { ...q, fields: askedColumns(columns, q.field), enabledOnly: false }
    : { page: q.page, size: q.size, ...visitorFilters, fields: publicColumns, enabledOnly: true };

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

/**
 * Who reads a list: the user (0 anonymous), whether they hold the list's permission, and whether
 * they ask for their own items only (`userIds` all theirs). Either of the last two opens what a
 * visitor may not list (other statuses, search words, larger pages).
 */
export async function listReader(
  auth: { userId: number; can(path: string): Promise<boolean> },
  listPath: string,
  userIds?: readonly number[],
) {
  const me = auth.userId;
  const holder = await auth.can(listPath);
  const own = me > 0 && Boolean(userIds?.length) && userIds!.every((u) => u === me);
  return { me, holder, own };
}
