import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import type { Database } from '../../db/db.ts';
import type { DB } from '../../db/schema.ts';
import { likeAny } from '../../http/list.ts';
import { EXT_GROUPS } from '../../../domain/file-kind.ts';
import type { CategoryEntry } from '../category/category.repo.ts';

/** Which documents a list shows (document-list.repo.ts). */
export interface DocumentFilter {
  /** the recycle bin instead of live documents */
  deleted: boolean;
  statuses?: number[];
  userId?: number;
  /** only these documents */
  ids?: number[];
  /** only documents with a smaller id (keyset paging; the total ignores it) */
  beforeId?: number;
  categoryIds?: number[];
  wd?: string;
  recommended?: boolean;
  /** an `ext` group key of contract §4.13; anything else is no filter */
  extGroup?: string;
  /** true: price 0; false: price > 0 */
  free?: boolean;
  /** only VIP documents (moredoc Pro's 费用 VIP特享) */
  vip?: boolean;
  languages?: string[];
  /** documents to leave out */
  exceptIds?: number[];
}

/**
 * Where a category's lists cannot page on its links (list-walk.repo.ts: several categories, the
 * recycle bin, an admin's mix of statuses), the filter probes the links of each candidate row
 * (`exists`), walking the sort order's index (migration 009) until the page is full: quick when
 * the category holds a fair share of the documents. A small category (at most SMALL_CATEGORY
 * documents and under 1/20 of all) is read whole from its links instead and sorted.
 */
const SMALL_CATEGORY = 3000;

export function categoryIsSmall(categories: Map<number, CategoryEntry>, ids: number[]): boolean {
  const rows = [...categories.values()];
  const docs = rows.filter((r) => ids.includes(r.id)).reduce((n, r) => n + r.doc_count, 0);
  // every document is linked to one top category at least
  const all = rows.filter((r) => r.parent_id === 0 && r.type === 0).reduce((n, r) => n + r.doc_count, 0);
  return docs <= SMALL_CATEGORY && docs * 20 <= all;
}

/**
 * A column SQLite tests on the rows it reads rather than seeks by (the unary `+`; PostgreSQL needs
 * no such hint). Two plans it chose by itself cost seconds at 1,000,000 documents:
 * - a link probe seeking `(document_id, category_id)` once per category of the filter (a category
 *   and its descendants: 17) instead of reading the document's few links: 4.2 s → 1.7 s;
 * - a category's total seeking each of its documents once per extension of a group (PPT: 7) in the
 *   live index, instead of once: the largest category, PPT, paid: 1.75 s → 0.43 s.
 */
const testedOnly = <T>(db: Database, column: string) =>
  dialectOf(db) === 'sqlite' ? sql<T>`+${sql.ref(column)}` : sql<T>`${sql.ref(column)}`;

type DocumentsQuery = SelectQueryBuilder<DB, 'documents', object>;

/** A filter on a list column that a category link carries as well (migration 033): format, fee, language. */
export interface ListColumnTest {
  column: 'ext' | 'price' | 'language';
  op: 'in' | '=' | '>';
  value: number | string[];
}

export function listColumnTests(f: DocumentFilter): ListColumnTest[] {
  const tests: ListColumnTest[] = [];
  const exts =
    f.extGroup && Object.hasOwn(EXT_GROUPS, f.extGroup) ? EXT_GROUPS[f.extGroup as keyof typeof EXT_GROUPS] : undefined;
  if (exts) tests.push({ column: 'ext', op: 'in', value: [...exts] });
  if (f.free !== undefined) tests.push({ column: 'price', op: f.free ? '=' : '>', value: 0 });
  if (f.languages?.length) tests.push({ column: 'language', op: 'in', value: f.languages });
  return tests;
}

/** The filters only the document's row answers (recommended, VIP), which a category walk tests per link it reads. */
export function documentOnlyFilters(q: DocumentsQuery, f: DocumentFilter): DocumentsQuery {
  if (f.recommended !== undefined) q = q.where('recommend_at', f.recommended ? 'is not' : 'is', null);
  if (f.vip) q = q.where('is_vip', '=', 1).where('price', '>', 0); // isVipDocument
  return q;
}

export const hasDocumentOnlyFilters = (f: DocumentFilter): boolean => f.recommended !== undefined || Boolean(f.vip);

const linkedTo = (db: Database, ids: number[], small: boolean) =>
  small
    ? (eb: ExpressionBuilder<DB, 'documents'>) =>
        eb('id', 'in', eb.selectFrom('document_categories').select('document_id').where('category_id', 'in', ids))
    : (eb: ExpressionBuilder<DB, 'documents'>) =>
        eb.exists(
          eb
            .selectFrom('document_categories as dc')
            .select('dc.id')
            .whereRef('dc.document_id', '=', 'documents.id')
            .where(testedOnly<number>(db, 'dc.category_id'), 'in', ids),
        );

/** The documents of the filter, read from the documents table and its indexes. */
export function filtered(db: Database, f: DocumentFilter, smallCategory: boolean): DocumentsQuery {
  let q: DocumentsQuery = db.selectFrom('documents').where('deleted_at', f.deleted ? 'is not' : 'is', null);
  if (f.statuses?.length) q = q.where('status', 'in', f.statuses);
  if (f.userId) q = q.where('user_id', '=', f.userId);
  if (f.ids?.length) q = q.where('id', 'in', f.ids);
  if (f.beforeId) q = q.where('id', '<', f.beforeId);
  if (f.categoryIds?.length) q = q.where(linkedTo(db, f.categoryIds, smallCategory));
  if (f.wd?.trim()) q = q.where(likeAny(['title', 'keywords', 'description'], f.wd));
  for (const t of listColumnTests(f)) q = q.where(t.column === 'ext' ? testedOnly<string>(db, 'ext') : t.column, t.op, t.value);
  q = documentOnlyFilters(q, f);
  if (f.exceptIds?.length) q = q.where('id', 'not in', f.exceptIds);
  return q;
}

/** The filter as a cache key: the same documents whatever the order, page or keyset cursor. */
export const filterKey = (f: DocumentFilter): string =>
  JSON.stringify([
    f.deleted,
    f.statuses,
    f.userId,
    f.ids,
    f.categoryIds,
    f.wd?.trim(),
    f.recommended,
    f.extGroup,
    f.free,
    f.vip,
    f.languages,
    f.exceptIds,
  ]);
