import type { Kysely } from 'kysely';

/**
 * Drops `document_categories_category` (category_id, migration 002): `document_categories_listing`
 * (category_id, document_id) answers every lookup by category as well, and covers the document id
 * too. The index was 2.2 MB at 100,000 documents on PostgreSQL. Since migration 033 a
 * view of a document rewrites its links, which on PostgreSQL adds an entry to every index of the
 * table; the view itself did not get measurably faster without it (1.48–1.54 ms with its commit,
 * either way), the commit's flush is most of that.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('document_categories_category').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('document_categories_category').on('document_categories').column('category_id').execute();
}
