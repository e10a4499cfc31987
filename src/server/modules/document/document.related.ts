import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { likeAny } from '../../http/list.ts';
import type { Document, DocumentHomeReply } from '../../../contract/document.ts';
import { listDocuments } from './document.list.ts';
import { STATUS } from './document.status.ts';
import { decorate, DOCUMENT_COLUMNS, toDocument, type DocumentView } from './document.view.ts';

const RELATED_MAX = 10;
const RECOMMEND_MAX = 12;
/**
 * Keyword matches are looked for among this many most viewed documents: a LIKE test cannot use an
 * index, and at 100,000 documents a rare keyword would otherwise read every row.
 */
const KEYWORD_POOL = 2000;

/**
 * Up to ten converted documents like `doc`: first those sharing one of its keywords (in title or
 * keywords) among the KEYWORD_POOL most viewed, then documents of its most specific category.
 * Never `doc` itself.
 */
export async function relatedDocuments(db: Kysely<DB>, doc: DocumentView): Promise<DocumentView[]> {
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
  const rows = words.length
    ? await db
        .selectFrom(pool)
        .selectAll()
        .where('id', '!=', doc.id)
        .where((eb) => eb.or(words.map((w) => likeAny(['title', 'keywords'], w))))
        .orderBy('view_count', 'desc')
        .orderBy('id', 'desc')
        .limit(RELATED_MAX)
        .execute()
    : [];
  if (rows.length >= RELATED_MAX) return rows;
  const links = await db
    .selectFrom('document_categories as dc')
    .innerJoin('categories as c', 'c.id', 'dc.category_id')
    .select(['c.id', 'c.parent_id'])
    .where('dc.document_id', '=', doc.id)
    .execute();
  // the most specific category: no other linked category hangs below it
  const leaf = links.find((l) => !links.some((o) => o.parent_id === l.id));
  if (!leaf) return rows;
  const more = await listDocuments(
    db,
    { deleted: false, statuses: [STATUS.converted], categoryIds: [leaf.id], exceptIds: [doc.id, ...rows.map((r) => r.id)] },
    { page: 1, size: RELATED_MAX - rows.length, defaultOrder: ['view_count', 'desc'], withTotal: false },
  );
  return [...rows, ...more.rows];
}

const withCover = (r: DocumentView): Document => ({ ...toDocument(r), cover: `/view/cover/${r.hash}` });

/**
 * GET /document/home: the newest converted documents of every enabled top-level document
 * category (moredoc's `document` blocks, and the same as `category` blocks), plus the recommended ones.
 */
export async function homeDocuments(db: Kysely<DB>, limit: number, mask: (d: Document) => Document): Promise<DocumentHomeReply> {
  const categories = await db
    .selectFrom('categories')
    .select(['id', 'title', 'cover'])
    .where('parent_id', '=', 0)
    .where('type', '=', 0)
    .where('enable', '=', 1)
    .orderBy('sort', 'desc')
    .orderBy('title', 'asc')
    .execute();
  const blocks = await Promise.all(
    categories.map(async (c) => {
      const { rows } = await listDocuments(
        db,
        { deleted: false, statuses: [STATUS.converted], categoryIds: [c.id] },
        { page: 1, size: limit, defaultOrder: ['id', 'desc'], withTotal: false },
      );
      return { ...c, rows };
    }),
  );
  const recommend = await listDocuments(
    db,
    { deleted: false, statuses: [STATUS.converted], recommended: true },
    { page: 1, size: RECOMMEND_MAX, defaultOrder: ['recommend_at', 'desc'], withTotal: false },
  );
  // every document with its category_id[], so the home page links to its own page, not a shell
  const all = [...new Map([...blocks.flatMap((b) => b.rows), ...recommend.rows].map((r) => [r.id, r])).values()];
  const decorated = new Map((await decorate(db, all.map(withCover))).map((d) => [d.id, mask(d)]));
  const shown = (rows: DocumentView[]): Document[] => rows.map((r) => decorated.get(r.id)!);
  const withDocs = blocks.map(({ rows, ...c }) => ({ ...c, document: shown(rows) }));
  return {
    document: withDocs.map((b) => ({ category_id: b.id, category_name: b.title, category_cover: b.cover, document: b.document })),
    recommend: shown(recommend.rows),
  };
}
