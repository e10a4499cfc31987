import { sql, type Kysely } from 'kysely';

/**
 * - `page_checks`: progress of a one-time check of the pages stored before a change of how pages are
 *   written (convert/page-check.ts). `svg-xml` checks the documents that existed when this migration
 *   ran (`until_id`): older converters stored MuPDF's SVG as written, with `<` unescaped in attributes.
 *   Documents converted afterwards are checked as they are converted.
 * - `document_views`: the reader (user id or address) whose view of a document was last counted, and
 *   when (epoch ms). A view counts again only after an interval; rows older than it are swept, so the
 *   table holds the readers of that interval only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_checks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('until_id', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into page_checks (name, last_id, until_id, updated_at)
    select 'svg-xml', 0, coalesce(max(id), 0), ${new Date().toISOString()} from documents`.execute(db);

  await db.schema
    .createTable('document_views')
    .addColumn('document_id', 'integer', (c) => c.notNull())
    .addColumn('reader', 'text', (c) => c.notNull())
    .addColumn('counted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_views_pkey', ['document_id', 'reader'])
    .execute();
  await db.schema.createIndex('document_views_counted_at').on('document_views').column('counted_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('document_views').ifExists().execute();
  await db.schema.dropTable('page_checks').ifExists().execute();
}
