import { sql, type Kysely, type SqlBool } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Lists at 100,000 documents (measured with `npm run bench`).
 *
 * Indexes: every public document list filters on live (deleted_at is null) documents of one
 * status and sorts by one column, newest id breaking ties. One partial index per sort order of
 * the library (id, view_count, download_count, score) serves the order straight from the index;
 * the filter columns (ext, price, language) ride along so that filters and deep pages are
 * decided inside the index, without reading rows. Likewise for a user's documents, the recycle
 * bin, recommended documents, category links, comment threads and the admin lists.
 *
 * Table versions: `table_versions` counts the changes of the tables whose list totals are
 * cached (see src/server/db/versions.ts). Triggers bump them on every insert, delete and
 * update of a column a list filters on, so writes by any process (a converter worker, the CLI)
 * invalidate the cached totals; counters such as view_count are left out, they filter nothing.
 * SQLite keeps one row per table (its writes are serialised anyway); PostgreSQL a sequence per
 * table, which never blocks or deadlocks concurrent writers.
 */

/** Tracked tables and the columns whose change can move a row in or out of a filtered list. */
export const VERSIONED: Record<string, string[]> = {
  documents: ['status', 'deleted_at', 'user_id', 'price', 'ext', 'language', 'recommend_at', 'title', 'keywords', 'description'],
  document_categories: ['document_id', 'category_id'],
  articles: ['status', 'deleted_at', 'user_id', 'recommend_at', 'title', 'keywords', 'description'],
  article_categories: ['article_id', 'category_id'],
  comments: ['status', 'parent_id', 'document_id', 'type', 'user_id', 'content'],
  attachments: ['type', 'enable', 'user_id', 'deleted_at', 'name', 'hash', 'path', 'description'],
  favorites: ['user_id', 'document_id', 'type'],
  downloads: ['user_id', 'document_id'],
  users: ['username', 'realname', 'email', 'mobile', 'avatar'],
  categories: ['parent_id', 'title', 'cover', 'icon', 'enable', 'sort', 'type', 'description', 'show_description'],
  user_groups: ['user_id', 'group_id'],
};

export const versionSequence = (table: string): string => `table_version_${table}`;

async function indexes(db: Kysely<any>): Promise<void> {
  const live = sql<SqlBool>`deleted_at is null`;
  for (const sort of ['id', 'view_count', 'download_count', 'score']) {
    // SQLite appends the rowid (= id) to every index; PostgreSQL needs it spelled out
    const cols =
      sort === 'id' ? ['status', 'id', 'ext', 'price', 'language'] : ['status', sort, 'id', 'ext', 'price', 'language'];
    await db.schema.createIndex(`documents_live_${sort}`).on('documents').columns(cols).where(live).execute();
  }
  await db.schema.createIndex('documents_live_user').on('documents').columns(['user_id', 'id', 'status']).where(live).execute();
  await db.schema
    .createIndex('documents_live_recommended')
    .on('documents')
    .columns(['status', 'recommend_at', 'id'])
    .where(sql<SqlBool>`deleted_at is null and recommend_at is not null`)
    .execute();
  await db.schema
    .createIndex('documents_recycled')
    .on('documents')
    .columns(['deleted_at', 'id'])
    .where(sql<SqlBool>`deleted_at is not null`)
    .execute();
  // a category's documents in id order, without reading the link rows
  await db.schema
    .createIndex('document_categories_listing')
    .on('document_categories')
    .columns(['category_id', 'document_id'])
    .execute();
  await db.schema
    .createIndex('comments_thread')
    .on('comments')
    .columns(['document_id', 'type', 'parent_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('comments_status').on('comments').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('attachments_type')
    .on('attachments')
    .columns(['type', 'id'])
    .where(sql<SqlBool>`deleted_at is null`)
    .execute();
  await db.schema.createIndex('favorites_user_list').on('favorites').columns(['user_id', 'type', 'id']).execute();
  await db.schema.createIndex('downloads_user_list').on('downloads').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('articles_live_id').on('articles').columns(['status', 'id']).where(live).execute();
}

async function versions(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  if (pg) {
    await sql`create function wenku_bump_table_version() returns trigger language plpgsql as $$
      begin perform nextval(tg_argv[0]); return null; end $$`.execute(db);
  } else {
    await sql`create table table_versions (name text primary key, version integer not null default 0)`.execute(db);
  }
  for (const [table, columns] of Object.entries(VERSIONED)) await trackVersions(db, table, columns);
}

/**
 * Counts the changes of `table` under its own name: every insert and delete, and updates of
 * `columns` (of any column when none are given). Needs versions() above to have run (the
 * PostgreSQL function, the SQLite table).
 */
export async function trackVersions(db: Kysely<any>, table: string, columns?: string[]): Promise<void> {
  const of = columns ? sql` of ${sql.join(columns.map((c) => sql.ref(c)))}` : sql``;
  if (dialectOf(db) === 'postgres') {
    const seq = versionSequence(table);
    await sql`create sequence if not exists ${sql.raw(seq)}`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_version`)} after insert or delete or update${of} on ${sql.table(table)}
      for each statement execute function wenku_bump_table_version(${sql.lit(seq)})`.execute(db);
    return;
  }
  await sql`insert into table_versions (name) values (${table}) on conflict (name) do nothing`.execute(db);
  const bump = sql.raw(`update table_versions set version = version + 1 where name = '${table}';`);
  for (const [suffix, event] of [
    ['ins', sql`insert`],
    ['del', sql`delete`],
    ['upd', sql`update${of}`],
  ] as const) {
    await sql`create trigger ${sql.raw(`${table}_version_${suffix}`)} after ${event} on ${sql.table(table)} begin ${bump} end`.execute(
      db,
    );
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await indexes(db);
  await versions(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  for (const table of Object.keys(VERSIONED)) {
    if (pg) {
      await sql`drop trigger if exists ${sql.raw(`${table}_version`)} on ${sql.table(table)}`.execute(db);
      await sql`drop sequence if exists ${sql.raw(versionSequence(table))}`.execute(db);
    } else {
      for (const suffix of ['ins', 'del', 'upd'])
        await sql`drop trigger if exists ${sql.raw(`${table}_version_${suffix}`)}`.execute(db);
    }
  }
  if (pg) await sql`drop function if exists wenku_bump_table_version()`.execute(db);
  else await sql`drop table if exists table_versions`.execute(db);
  for (const name of [
    'documents_live_id',
    'documents_live_view_count',
    'documents_live_download_count',
    'documents_live_score',
    'documents_live_user',
    'documents_live_recommended',
    'documents_recycled',
    'document_categories_listing',
    'comments_thread',
    'comments_status',
    'attachments_type',
    'favorites_user_list',
    'downloads_user_list',
    'articles_live_id',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
