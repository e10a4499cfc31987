import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * What a search counts and filters by, beside the full-text index: one small row per indexed item
 * (extension in lower case, language, category ids comma-separated), written by the indexer with
 * the item's index entries. A search reads these rows for the up to 1,000 matches it pages
 * through (src/server/search/window.ts) instead of the items' own rows, which are large and spread
 * over the whole file: at 100,000 documents that was most of a search's time. SQLite keeps the
 * table without rowids (the key is the row), so a lookup is one walk down one small b-tree.
 */

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await sql`create table search_facets (
    kind varchar(16) not null,
    ref_id integer not null,
    ext varchar(32) not null default '',
    language varchar(32) not null default '',
    cats text not null default '',
    primary key (kind, ref_id)
  ) ${sql.raw(pg ? '' : 'without rowid')}`.execute(db);
  const cats = (table: string, column: string) =>
    pg
      ? sql`coalesce((select string_agg(l.category_id::text, ',' order by l.category_id) from ${sql.table(table)} l where l.${sql.ref(column)} = r.ref_id), '')`
      : sql`coalesce((select group_concat(l.category_id) from ${sql.table(table)} l where l.${sql.ref(column)} = r.ref_id), '')`;
  // the items indexed now; the indexer keeps the rows from here on
  await sql`insert into search_facets (kind, ref_id, ext, language, cats)
    select r.kind, r.ref_id, lower(d.ext), d.language, ${cats('document_categories', 'document_id')}
    from search_refs r join documents d on d.id = r.ref_id where r.kind = 'doc'`.execute(db);
  await sql`insert into search_facets (kind, ref_id, cats)
    select r.kind, r.ref_id, ${cats('article_categories', 'article_id')}
    from search_refs r join articles a on a.id = r.ref_id where r.kind = 'article'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_facets').execute();
}
