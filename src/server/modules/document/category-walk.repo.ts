import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/db.ts';
import type { ReadQuery } from '../../db/read-apart.ts';
import type { DB } from '../../db/schema.ts';
import { documentOnlyFilters, hasDocumentOnlyFilters, listColumnTests, type DocumentFilter } from './document-filter.repo.ts';

/** The library's sort orders that a category's links are indexed in (migration 033): the documents' column → the link's. */
const LINK_SORTS = { id: 'document_id', view_count: 'view_count', download_count: 'download_count', score: 'score' } as const;

export type ListOrder = Array<[string, 'asc' | 'desc']>;

type LinkQuery = SelectQueryBuilder<DB, 'document_categories', object>;

/** The link's column for `order` (its column, then id, one direction), or null when no link index serves it. */
function linkSort(order: ListOrder): keyof typeof LINK_SORTS | null {
  const [[column, dir], ...ties] = order;
  if (!Object.hasOwn(LINK_SORTS, column)) return null;
  const byIdAlone = column === 'id' && ties.length === 0;
  const thenId = column !== 'id' && ties.length === 1 && ties[0][0] === 'id' && ties[0][1] === dir;
  return byIdAlone || thenId ? (column as keyof typeof LINK_SORTS) : null;
}

/**
 * One category's documents of one status, paged on its links: its ids in order, and the query its total
 * is counted on. Each link carries its document's list columns, indexed per sort order over live
 * documents (migration 033), so a page of any depth skips index entries of this category only.
 * Format, fee and language are decided inside the index as well; recommended and VIP are tested
 * on the document of each link the walk reads. Null when the filter or order is one the links do not
 * serve (several categories, the recycle bin, several statuses, a user's, chosen or keyword-matched
 * documents, other sort orders): the caller lists it from the documents table.
 */
export function categoryWalk(db: Database, f: DocumentFilter, order: ListOrder): CategoryWalk | null {
  const sort = linkSort(order);
  if (!sort || f.deleted || f.categoryIds?.length !== 1 || f.statuses?.length !== 1) return null;
  if (f.userId || f.ids?.length || f.wd?.trim()) return null;
  let q: LinkQuery = db
    .selectFrom('document_categories')
    .where('category_id', '=', f.categoryIds[0])
    .where('status', '=', f.statuses[0])
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
  const counted = q;
  if (f.beforeId) q = q.where('document_id', '<', f.beforeId);
  const column = LINK_SORTS[sort];
  const listDir = order[0][1];
  const sorted = <O>(ids: SelectQueryBuilder<DB, 'document_categories', O>, dir: 'asc' | 'desc') =>
    sort === 'id' ? ids.orderBy('document_id', dir) : ids.orderBy(column, dir).orderBy('document_id', dir);
  const ordered = (reverse: boolean) => sorted(q.select('document_id as id'), reverse ? flip(listDir) : listDir);
  const marks = (spacing: number) => {
    const numbered = counted.select((eb) => [
      sql.ref<number>(column).as('k'),
      'document_id as id',
      eb.fn
        .agg<number>('row_number')
        .over((ob) =>
          sort === 'id' ? ob.orderBy('document_id', listDir) : ob.orderBy(column, listDir).orderBy('document_id', listDir),
        )
        .as('rn'),
    ]);
    return db
      .selectFrom(numbered.as('numbered'))
      .select(['k', 'id'])
      .where(sql<number>`rn % ${spacing}`, '=', 1)
      .orderBy('rn');
  };
  const from = (mark: PageMark) => {
    const op = listDir === 'desc' ? '<=' : '>=';
    const at =
      sort === 'id'
        ? counted.where('document_id', op, mark.id)
        : counted.where((eb) => eb(eb.refTuple(column, 'document_id'), op, eb.tuple(mark.k, mark.id)));
    return sorted(at.select('document_id as id'), listDir);
  };
  return { ordered, counted, marks, from };
}

const flip = (dir: 'asc' | 'desc') => (dir === 'asc' ? 'desc' : 'asc');

/** An entry of a category's list: its sort column's value and its document (the sort's tie-breaker). */
export interface PageMark {
  k: number;
  id: number;
}

/** A category's list on its links: its ids in the list's order (or the reverse), and the query its total counts. */
export interface CategoryWalk {
  ordered(reverse: boolean): SelectQueryBuilder<DB, 'document_categories', { id: number }>;
  counted: LinkQuery;
  /** every `spacing`-th entry of the list, from the first, in the list's order (page-marks.repo.ts) */
  marks(spacing: number): ReadQuery<PageMark>;
  /** the ids of the list from `mark` on, in the list's order */
  from(mark: PageMark): SelectQueryBuilder<DB, 'document_categories', { id: number }>;
}
