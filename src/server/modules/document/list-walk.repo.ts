import { sql, type OrderByInterface, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/db.ts';
import type { ReadQuery } from '../../db/read-apart.ts';
import type { DB } from '../../db/schema.ts';
import {
  documentOnlyFilters,
  filtered,
  hasDocumentOnlyFilters,
  listColumnTests,
  type DocumentFilter,
} from './document-filter.repo.ts';

/** The library's sort orders, each indexed over live documents (migration 009) and over a category's links (033). */
const SORTS = ['id', 'view_count', 'download_count', 'score'] as const;
type Sort = (typeof SORTS)[number];

export type ListOrder = Array<[string, 'asc' | 'desc']>;

// a walk reads one table: its rows are links or documents, so its queries are built on column names
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type WalkQuery<O = object> = SelectQueryBuilder<DB, any, O>;

/** The sort column of `order` when an index serves it (its column, then id, one direction), else null. */
function indexedSort(order: ListOrder): Sort | null {
  const [[column, dir], ...ties] = order;
  if (!(SORTS as readonly string[]).includes(column)) return null;
  const byIdAlone = column === 'id' && ties.length === 0;
  const thenId = column !== 'id' && ties.length === 1 && ties[0][0] === 'id' && ties[0][1] === dir;
  return byIdAlone || thenId ? (column as Sort) : null;
}

/** A filter whose list one index serves: live documents of one status, not a user's, chosen or keyword-matched ones. */
const oneIndex = (f: DocumentFilter) => !f.deleted && f.statuses?.length === 1 && !f.userId && !f.ids?.length && !f.wd?.trim();

/**
 * One category's documents of one status, paged on its links. Each link carries its document's list
 * columns, indexed per sort order over live documents (migration 033), so a page of any depth skips
 * index entries of this category only. Format, fee and language are decided inside the index as
 * well; recommended and VIP are tested on the document of each link the walk reads. Null when the
 * links do not serve the filter or order (several categories, the recycle bin, several statuses, a
 * user's, chosen or keyword-matched documents, other sort orders).
 */
export function categoryWalk(db: Database, f: DocumentFilter, order: ListOrder): ListWalk | null {
  const sort = indexedSort(order);
  if (!sort || f.categoryIds?.length !== 1 || !oneIndex(f)) return null;
  let q = db
    .selectFrom('document_categories')
    .where('category_id', '=', f.categoryIds[0])
    .where('status', '=', f.statuses![0])
    .where('deleted_at', 'is', null);
  if (f.exceptIds?.length) q = q.where('document_id', 'not in', f.exceptIds);
  for (const t of listColumnTests(f)) q = q.where(t.column, t.op, t.value);
  if (hasDocumentOnlyFilters(f)) {
    const own = documentOnlyFilters(
      db.selectFrom('documents').where('documents.id', '=', sql.ref<number>('document_categories.document_id')),
      f,
    );
    q = q.where((eb) => eb.exists(own.select('documents.id')));
  }
  const keyset = f.beforeId ? q.where('document_id', '<', f.beforeId) : q;
  return walkOn(db, q, keyset, sort === 'id' ? 'document_id' : sort, 'document_id', order[0][1]);
}

/**
 * The library's documents of one status in no category (format, fee, language, recommended, VIP
 * filters allowed), paged on the documents' own index of the sort order (migration 009).
 */
export function libraryWalk(db: Database, f: DocumentFilter, order: ListOrder): ListWalk | null {
  const sort = indexedSort(order);
  if (!sort || f.categoryIds?.length || !oneIndex(f)) return null;
  return walkOn(db, filtered(db, { ...f, beforeId: undefined }, false), filtered(db, f, false), sort, 'id', order[0][1]);
}

/** A list on one index, in order (column, then id, one direction). */
function walkOn(db: Database, counted: WalkQuery, keyset: WalkQuery, column: string, id: string, dir: 'asc' | 'desc'): ListWalk {
  const byIdAlone = column === id;
  // the list's order, one spelling for the page's query and the marks' window: its column, then id
  const keys = (byIdAlone ? [id] : [column, id]).map((k) => sql.ref(k));
  const sorted = <B extends OrderByInterface<DB, never, object>>(b: B, d: 'asc' | 'desc') =>
    keys.reduce((ordered, key) => ordered.orderBy(key, d) as B, b);
  const ids = (q: WalkQuery): WalkQuery<{ id: number }> => q.select(sql.ref<number>(id).as('id'));
  const numbered = counted.select((eb) => [
    sql.ref<number>(column).as('k'),
    sql.ref<number>(id).as('id'),
    eb.fn
      .agg<number>('row_number')
      .over((ob) => sorted(ob, dir))
      .as('rn'),
  ]);
  // a row value: the index seeks (column, id) as it is ordered
  const atOrAfter = (mark: PageMark) =>
    byIdAlone
      ? sql<SqlBool>`${sql.ref(id)} ${sql.raw(dir === 'desc' ? '<=' : '>=')} ${mark.id}`
      : sql<SqlBool>`(${sql.ref(column)}, ${sql.ref(id)}) ${sql.raw(dir === 'desc' ? '<=' : '>=')} (${mark.k}, ${mark.id})`;
  return {
    counted,
    ordered: (reverse) => sorted(ids(keyset), reverse ? (dir === 'asc' ? 'desc' : 'asc') : dir),
    marks: (spacing) =>
      db
        .selectFrom(numbered.as('numbered'))
        .select(['k', 'id'])
        .where(sql<number>`rn % ${spacing}`, '=', 1)
        .orderBy('rn'),
    from: (mark) => sorted(ids(counted.where(atOrAfter(mark))), dir),
  };
}

/** An entry of a list: its sort column's value and its document (the sort's tie-breaker). */
export interface PageMark {
  k: number;
  id: number;
}

/** A list on one index: its ids in the list's order (or the reverse), the query its total counts, its page marks. */
export interface ListWalk {
  ordered(reverse: boolean): WalkQuery<{ id: number }>;
  counted: WalkQuery;
  /** every `spacing`-th entry of the list, from the first, in the list's order (page-marks.repo.ts) */
  marks(spacing: number): ReadQuery<PageMark>;
  /** the ids of the list from `mark` on, in the list's order */
  from(mark: PageMark): WalkQuery<{ id: number }>;
}
