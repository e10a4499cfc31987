import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { likeAny, paginate, parseOrder } from '../../http/list.ts';
import { EXT_GROUPS } from '../../../domain/file-kind.ts';
import { DOCUMENT_COLUMNS, type DocumentView } from './document.view.ts';

export const ORDER_COLUMNS = [
  'id', 'view_count', 'download_count', 'favorite_count', 'comment_count', 'created_at', 'updated_at', 'score', 'pages',
  'size', 'price', 'recommend_at', 'deleted_at',
] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];

export interface DocumentFilter {
  /** the recycle bin instead of live documents */
  deleted: boolean;
  statuses?: number[];
  userId?: number;
  categoryIds?: number[];
  wd?: string;
  recommended?: boolean;
  /** an `ext` group key of contract §4.13; anything else is no filter */
  extGroup?: string;
  /** true: price 0; false: price > 0 */
  free?: boolean;
  languages?: string[];
  /** documents to leave out */
  exceptIds?: number[];
}

export interface Paging {
  page?: number;
  size?: number;
  order?: string;
  defaultOrder: [OrderColumn, 'asc' | 'desc'];
  withTotal: boolean;
}

function filtered(db: Kysely<DB>, f: DocumentFilter) {
  let q = db.selectFrom('documents').where('deleted_at', f.deleted ? 'is not' : 'is', null);
  if (f.statuses?.length) q = q.where('status', 'in', f.statuses);
  if (f.userId) q = q.where('user_id', '=', f.userId);
  if (f.categoryIds?.length) {
    const ids = f.categoryIds;
    q = q.where('id', 'in', (eb) => eb.selectFrom('document_categories').select('document_id').where('category_id', 'in', ids));
  }
  if (f.wd?.trim()) q = q.where(likeAny(['title', 'keywords', 'description'], f.wd));
  if (f.recommended !== undefined) q = q.where('recommend_at', f.recommended ? 'is not' : 'is', null);
  const exts = f.extGroup && Object.hasOwn(EXT_GROUPS, f.extGroup) ? EXT_GROUPS[f.extGroup as keyof typeof EXT_GROUPS] : undefined;
  if (exts) q = q.where('ext', 'in', [...exts]);
  if (f.free !== undefined) q = q.where('price', f.free ? '=' : '>', 0);
  if (f.languages?.length) q = q.where('language', 'in', f.languages);
  if (f.exceptIds?.length) q = q.where('id', 'not in', f.exceptIds);
  return q;
}

/** One page of documents (moredoc paging: size ≤ 0 means all) and, when asked, the total. */
export async function listDocuments(db: Kysely<DB>, f: DocumentFilter, p: Paging): Promise<{ total?: number; rows: DocumentView[] }> {
  const base = filtered(db, f);
  let q = base.select(DOCUMENT_COLUMNS);
  const order = parseOrder(p.order, ORDER_COLUMNS);
  for (const [col, dir] of order.length ? order : [p.defaultOrder]) q = q.orderBy(col as OrderColumn, dir);
  q = q.orderBy('id', 'desc');
  const rows = await paginate(q, p.page, p.size).execute();
  if (!p.withTotal) return { rows };
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { total: Number(n), rows };
}
