import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/db.ts';
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
  const ids = q.select('document_id as id');
  const ordered = (reverse: boolean) => {
    const dir = reverse === (order[0][1] === 'desc') ? 'asc' : 'desc';
    const sorted = ids.orderBy(LINK_SORTS[sort], dir);
    return sort === 'id' ? sorted : sorted.orderBy('document_id', dir);
  };
  return { ordered, counted };
}

/** A category's list on its links: its ids in the list's order (or the reverse), and the query its total counts. */
export interface CategoryWalk {
  ordered(reverse: boolean): SelectQueryBuilder<DB, 'document_categories', { id: number }>;
  counted: LinkQuery;
}

/**
 * The ids of page `page` of `size` (from 1) of a list of `total`: the offset and limit to read in
 * the list's order, or, for a page past the middle, in the reverse order, whose offset is the
 * smaller one. An index skips entries one by one, so the last page of a category of 480,000
 * documents costs what its first does.
 */
export function pageSlice(page: number, size: number, total: number): { reverse: boolean; offset: number; limit: number } {
  const offset = (page - 1) * size;
  if (offset * 2 <= total) return { reverse: false, offset, limit: size };
  const limit = Math.max(0, Math.min(size, total - offset));
  return { reverse: true, offset: Math.max(0, total - offset - size), limit };
}
