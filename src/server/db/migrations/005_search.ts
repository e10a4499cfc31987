import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { tableExists } from '../introspect.ts';

/**
 * Full-text search. `search_entries`: one entry per document/article head (page 0: title,
 * keywords, description) and per page of text (page n), with the raw text for snippets for
 * articles (documents' text stays in document_pages). Words (jieba-segmented) are matched
 * against one whole-item row per item: SQLite FTS5 `search_fts` (items) and `search_pages_fts`
 * (pages, to name the hit pages); PostgreSQL a `tokens` tsvector on the entries, page -1 being
 * the whole item, with a GIN index on those rows. `search_refs` remembers what each indexed item
 * looked like when indexed, so a sync finds items that changed behind the indexer's back.
 */
/**
 * The words arrive segmented and space-joined; combining marks count as word characters (as in
 * the segmenter), so no word is ever split again (a split word would need positions to match).
 */
const TOKENIZER = "unicode61 categories 'L* N* Co M*'";

/** SQLite's word tables of this migration (also 010's way back to them). */
export async function createFtsTables(db: Kysely<any>): Promise<void> {
  // contentless (the raw text lives in search_entries): one row per item with all its words,
  // title words in their own column so that bm25 can weigh them higher; searches match here
  await sql`create virtual table search_fts using fts5(
    title, tokens, content = '', contentless_delete = 1, tokenize = ${sql.lit(TOKENIZER)}
  )`.execute(db);
  // the words of each page (page > 0), only to tell which pages of a result hold the words:
  // no positions needed (detail = none), which keeps it small and quick to write
  await sql`create virtual table search_pages_fts using fts5(
    tokens, content = '', contentless_delete = 1, detail = none, tokenize = ${sql.lit(TOKENIZER)}
  )`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  // SQLite: the id is (kind << 51 | ref_id << 20 | page), shared with the page FTS rowid, so a
  // search reads item and page straight from the rowid without touching any table
  const id = pg ? 'serial primary key' : 'integer primary key';

  // kind: 'doc' | 'article'
  await sql`create table search_entries (
    id ${sql.raw(id)},
    kind text not null,
    ref_id integer not null,
    page integer not null,
    text text not null default ''${
      pg
        ? sql`,
    tokens tsvector not null`
        : sql``
    },
    constraint search_entries_uq unique (kind, ref_id, page)
  )`.execute(db);

  if (pg) {
    // only the whole-item rows (page -1) are searched by words; page rows are checked by key
    await sql`create index search_entries_tokens on search_entries using gin (tokens) where page < 0`.execute(db);
  } else {
    await createFtsTables(db);
  }

  // the quick sync before a search looks for items updated in the last minute
  for (const t of ['documents', 'articles']) {
    if (await tableExists(db, t))
      await db.schema.createIndex(`${t}_updated_at`).ifNotExists().on(t).column('updated_at').execute();
  }

  await db.schema
    .createTable('search_refs')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('source_updated_at', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('indexed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_refs_pk', ['kind', 'ref_id'])
    .execute();

  // type: 0 document search, 1 article search
  await db.schema
    .createTable('search_records')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('page', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('spend_time', pg ? 'double precision' : 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_records_created').on('search_records').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['documents', 'articles']) await db.schema.dropIndex(`${t}_updated_at`).ifExists().execute();
  for (const t of ['search_records', 'search_refs', 'search_pages_fts', 'search_fts', 'search_entries']) {
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  }
}
