import { cachedCount } from '../../db/count-cache.ts';
import { countApart } from '../../db/read-apart.ts';
import type { Database } from '../../db/db.ts';
import { Repo } from '../../db/repo.ts';
import { likeAny, paginate, parseOrder } from '../../http/list.ts';
import { categoriesById } from '../category/category.repo.ts';
import { decorationColumns, splitDecorations } from './document-decorations.repo.ts';
import { categoryWalk, libraryWalk, type ListWalk } from './list-walk.repo.ts';
import { fromMarks, pagePlan } from './page-marks.repo.ts';
import { categoryIsSmall, filtered, filterKey, type DocumentFilter } from './document-filter.repo.ts';
import { STATUS } from './document.status.ts';
import { DOCUMENT_COLUMNS, type Decorations, type DocumentView } from './document.view.ts';

export const ORDER_COLUMNS = [
  'id',
  'view_count',
  'download_count',
  'favorite_count',
  'comment_count',
  'created_at',
  'updated_at',
  'score',
  'pages',
  'size',
  'price',
  'recommend_at',
  'deleted_at',
] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];

export interface Paging {
  page?: number;
  size?: number;
  order?: string;
  defaultOrder: [OrderColumn, 'asc' | 'desc'];
  withTotal: boolean;
}

const RELATED_MAX = 10;
/**
 * Keyword matches are looked for among this many most viewed documents: a LIKE test cannot use an
 * index, and at 100,000 documents a rare keyword would otherwise read every row.
 */
const KEYWORD_POOL = 2000;

/**
 * One page of documents (moredoc paging: size ≤ 0 means all) and, when asked, the total.
 * The page is chosen on ids alone (the order's index covers the filter, so skipped rows of a deep
 * page are never read), then only its rows are fetched. A list one index serves (list-walk.repo.ts)
 * reads a deep page from the nearer end or a page mark. The total is cached per filter until a
 * document or category link changes (count-cache.ts).
 */
async function listDocuments(db: Database, f: DocumentFilter, p: Paging): Promise<ListedDocuments> {
  // read once: a category filter needs it before the query, the decoration after it
  const categories = categoriesById(db);
  const parsed = parseOrder(p.order, ORDER_COLUMNS) as Array<[OrderColumn, 'asc' | 'desc']>;
  const order = parsed.length ? parsed : [p.defaultOrder];
  if (!order.some(([col]) => col === 'id')) order.push(['id', 'desc']);
  const walk = categoryWalk(db, f, order) ?? libraryWalk(db, f, order);
  const small = !walk && Boolean(f.categoryIds?.length) && categoryIsSmall(await categories, f.categoryIds!);
  const totalOf = (exact: boolean) =>
    cachedCount(
      db,
      TOTAL_TABLES,
      filterKey(f),
      () => countApart(db, walk?.counted ?? filtered(db, { ...f, beforeId: undefined }, true)),
      { exact },
    );
  // a walk's page past the first is placed by the total (of the same rows: not with a keyset cursor, whose total ignores it)
  const page = p.page && p.page > 0 ? p.page : 1;
  const placed =
    walk && !f.beforeId && p.size && p.size > 0 && page > 1
      ? await walkPage(db, walk, `${JSON.stringify(order)}|${filterKey(f)}`, page, p.size, totalOf)
      : undefined;
  const knownTotal = placed?.total;
  // the page's rows come with what decorate() adds (category ids, users' names): no second round trip
  let q = db.selectFrom('documents').select(DOCUMENT_COLUMNS).select(decorationColumns(db, 'documents'));
  if (placed) q = q.where('id', 'in', placed.ids);
  else if (walk) q = q.where('id', 'in', paginate(walk.ordered(false), p.page, p.size));
  else {
    let ids = filtered(db, f, small).select('id');
    for (const [col, dir] of order) ids = ids.orderBy(col, dir);
    q = q.where('id', 'in', paginate(ids, p.page, p.size));
  }
  for (const [col, dir] of order) q = q.orderBy(col, dir);
  const [found, byId] = await Promise.all([q.execute(), categories]);
  const { rows, decorations } = splitDecorations(found, byId);
  if (!p.withTotal) return { rows, decorations };
  return { total: knownTotal ?? (await totalOf(false)), rows, decorations };
}

/** The tables a list's total and page marks are read from, kept until one of them changes. */
const TOTAL_TABLES = ['documents', 'document_categories'] as const;

/**
 * The ids of a walk's page past the first, read from the nearer end of the list or from a page mark
 * (page-marks.repo.ts), and the total that placed it: only a page read from the far end needs the
 * exact total; a mark serves any page of a large list.
 */
async function walkPage(
  db: Database,
  walk: ListWalk,
  key: string,
  page: number,
  size: number,
  totalOf: (exact: boolean) => Promise<number>,
) {
  let total = await totalOf(false);
  let plan = pagePlan(page, size, total);
  if (plan.from === 'end') plan = pagePlan(page, size, (total = await totalOf(true)));
  if (plan.from === 'mark') return { total, ids: await fromMarks(db, walk, TOTAL_TABLES, key, total, plan) };
  return {
    total,
    ids: walk
      .ordered(plan.from === 'end')
      .limit(plan.limit)
      .offset(plan.offset),
  };
}

/** A page of documents, and what decorate() adds to them, read with them. */
export interface ListedDocuments {
  total?: number;
  rows: DocumentView[];
  decorations: Decorations;
}

/** Lists of documents (the tuned list query above) and what a listed document is shown with. */
export class DocumentListRepo extends Repo {
  list(f: DocumentFilter, p: Paging): Promise<ListedDocuments> {
    return listDocuments(this.db, f, p);
  }

  /**
   * Up to ten converted documents like `doc`: first those sharing one of its keywords (in title or
   * keywords) among the KEYWORD_POOL most viewed, then documents of its most specific category.
   * Never `doc` itself.
   */
  async related(doc: DocumentView): Promise<ListedDocuments> {
    const { db } = this;
    const words = [
      ...new Set(
        doc.keywords
          .split(',')
          .map((w) => w.trim())
          .filter(Boolean),
      ),
    ].slice(0, 10);
    const pool = db
      .selectFrom('documents')
      .select(DOCUMENT_COLUMNS)
      .where('status', '=', STATUS.converted)
      .where('deleted_at', 'is', null)
      .orderBy('view_count', 'desc')
      .orderBy('id', 'desc')
      .limit(KEYWORD_POOL)
      .as('d');
    const categories = categoriesById(db);
    const found = words.length
      ? await db
          .selectFrom(pool)
          .selectAll()
          .select(decorationColumns(db, 'd'))
          .where('id', '!=', doc.id)
          .where((eb) => eb.or(words.map((w) => likeAny(['title', 'keywords'], w))))
          .orderBy('view_count', 'desc')
          .orderBy('id', 'desc')
          .limit(RELATED_MAX)
          .execute()
      : [];
    const byKeyword = splitDecorations(found, await categories);
    const { rows } = byKeyword;
    if (rows.length >= RELATED_MAX) return byKeyword;
    const links = (await this.decorations([doc.id])).links;
    // the most specific category: no other linked category hangs below it
    const leaf = links.find((l) => !links.some((o) => o.parent_id === l.id));
    if (!leaf) return byKeyword;
    const more = await listDocuments(
      db,
      { deleted: false, statuses: [STATUS.converted], categoryIds: [leaf.id], exceptIds: [doc.id, ...rows.map((r) => r.id)] },
      { page: 1, size: RELATED_MAX - rows.length, defaultOrder: ['view_count', 'desc'], withTotal: false },
    );
    return {
      rows: [...rows, ...more.rows],
      decorations: {
        links: [...byKeyword.decorations.links, ...more.decorations.links],
        names: new Map([...byKeyword.decorations.names, ...more.decorations.names]),
      },
    };
  }

  /** The category links of documents (with the linked categories) and the names of their users: what decorate() adds. */
  async decorations(docIds: number[]): Promise<Decorations> {
    const read = this.db
      .selectFrom('documents')
      .select(['id', 'user_id', 'deleted_user_id'])
      .select(decorationColumns(this.db, 'documents'))
      .where('id', 'in', docIds)
      .execute();
    const [found, byId] = await Promise.all([read, categoriesById(this.db)]);
    return splitDecorations(found, byId).decorations;
  }
}
