import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import { Repo } from '../../db/repo.ts';
import { categoriesById, type CategoryEntry } from '../category/category.repo.ts';
import { linkedCategoryIds, linkedIds } from './document-decorations.repo.ts';
import { STATUS } from './document.status.ts';
import { pathOrder, type DocumentColumn, type DocumentView } from './document.view.ts';

/** A home document: the columns asked for, always its id and file hash (the cover), and what it is shown with. */
export interface HomeEntry {
  row: Partial<DocumentView> & Pick<DocumentView, 'id' | 'hash'>;
  /** its categories from the top down */
  categoryIds: number[];
  /** the uploader's name, when asked for */
  username?: string;
}

/** A block of the home page: a top-level category and its newest documents. */
export interface HomeBlock {
  id: number;
  title: string;
  cover: string;
  documents: HomeEntry[];
}

/** A row of the home statements: a document (d_id null: a category without one) and its decoration. */
type HomeRow = HomeEntry['row'] & {
  d_id: number | null;
  d_username?: string | null;
  /** ids of the linked categories (linkedCategoryIds) */
  d_links: string | number[] | null;
};
type BlockRow = HomeRow & { c_id: number; c_title: string; c_cover: string };

const live = sql`d.status = ${sql.lit(STATUS.converted)} and d.deleted_at is null`;

/**
 * The home page's two statements: the blocks and the recommended documents. Each reads only the
 * columns asked for and brings the documents' category ids (and uploaders' names when asked), so
 * that an answer costs one round trip per statement, side by side. Neither has parameters (limits
 * are clamped integers written as literals), so on PostgreSQL a prepared statement keeps its plan
 * (db/pg-prepared.ts).
 */
export class HomeRepo extends Repo {
  /**
   * The enabled top-level document categories in the home page's order, each with its newest
   * `limit` live converted documents. Each category walks its links backwards on
   * document_categories_listing (category_id, document_id) and stops after `limit` hits, whatever
   * its size, so twelve blocks cost about as much as one page of one list. PostgreSQL takes it as
   * a lateral subquery; SQLite, which has none, as a correlated `in (… limit n)`, which PostgreSQL
   * would run for every document.
   */
  async blocks(limit: number, asked: readonly DocumentColumn[], withNames: boolean): Promise<HomeBlock[]> {
    const n = sql.lit(Math.max(0, Math.trunc(limit)));
    const { columns, names, users, links } = this.pieces(asked, withNames);
    const homeOrder = sql`c.parent_id = 0 and c.type = 0 and c.enable = 1 order by c.sort desc, c.title asc, d_id desc`;
    const statement =
      dialectOf(this.db) === 'postgres'
        ? sql<BlockRow>`
            select c.id as c_id, c.title as c_title, c.cover as c_cover, n.*
            from categories c left join lateral (
              select d.id as d_id, ${columns}${names}, ${links} as d_links
              from document_categories dc
              join documents d on d.id = dc.document_id
              ${users}
              where dc.category_id = c.id and ${live}
              order by dc.document_id desc limit ${n}
            ) n on true
            where ${homeOrder}`
        : sql<BlockRow>`
            select c.id as c_id, c.title as c_title, c.cover as c_cover, d.id as d_id, ${columns}${names}, ${links} as d_links
            from categories c
            left join documents d on d.id in (
              select dc.document_id from document_categories dc join documents d on d.id = dc.document_id
              where dc.category_id = c.id and ${live}
              order by dc.document_id desc limit ${n})
            ${users}
            where ${homeOrder}`;
    const [{ rows }, categories] = await Promise.all([statement.execute(this.db), categoriesById(this.db)]);
    const blocks = new Map<number, HomeBlock>();
    for (const { c_id, c_title, c_cover, ...row } of rows) {
      let block = blocks.get(c_id);
      if (!block) blocks.set(c_id, (block = { id: c_id, title: c_title, cover: c_cover, documents: [] }));
      const entry = entryOf(row, categories);
      if (entry) block.documents.push(entry);
    }
    return [...blocks.values()];
  }

  /** The `limit` most recently recommended live converted documents (index documents_live_recommended). */
  async recommended(limit: number, asked: readonly DocumentColumn[], withNames: boolean): Promise<HomeEntry[]> {
    const { columns, names, users, links } = this.pieces(asked, withNames);
    const [{ rows }, categories] = await Promise.all([
      sql<HomeRow>`
        select d.id as d_id, ${columns}${names}, ${links} as d_links
        from documents d ${users}
        where ${live} and d.recommend_at is not null
        order by d.recommend_at desc, d.id desc limit ${sql.lit(Math.max(0, Math.trunc(limit)))}`.execute(this.db),
      categoriesById(this.db),
    ]);
    return rows.flatMap((r) => entryOf(r, categories) ?? []);
  }

  private pieces(asked: readonly DocumentColumn[], withNames: boolean) {
    const picked = new Set<DocumentColumn>([...asked, 'id', 'hash', ...(withNames ? (['user_id'] as const) : [])]);
    // category ids only: joining each link to its category cost more than the rest of the blocks'
    // statement (4.5 of 6 ms on PostgreSQL); the parents come from categoriesById()
    return {
      columns: sql.join([...picked].map((c) => sql`d.${sql.ref(c)}`)),
      // the uploader's name only when asked for: the default home answer carries no user fields
      names: withNames ? sql`, u.username as d_username` : sql``,
      users: withNames ? sql`left join users u on u.id = d.user_id` : sql``,
      links: linkedCategoryIds(this.db, sql`d.id`),
    };
  }
}

function entryOf({ d_id, d_username, d_links, ...row }: HomeRow, categories: Map<number, CategoryEntry>): HomeEntry | null {
  if (d_id === null) return null;
  const categoryIds = pathOrder(linkedIds(d_links).map((id) => ({ id, parent_id: categories.get(id)?.parent_id ?? 0 }))).map(
    (c) => c.id,
  );
  return { row, categoryIds, ...(d_username != null ? { username: d_username } : {}) };
}
