import type { Kysely } from 'kysely';

/**
 * long_tail_pages: the document pages rendered on a reader's first request (the long tail past the
 * pre-rendered documents, src/server/site/site.long-tail.ts), with their size on disk (the page and
 * its .br/.gz copies) and when a reader last got one. Past the operator's limit
 * (security.long_tail_pages_mb) the least recently read are deleted; a full render, which drops
 * them all, empties the table. long_tail_bytes holds their total in one row, kept in the same
 * transaction as the rows: summing 170,000 rows took 10 ms on SQLite (the server's main thread) and
 * 24–37 ms on PostgreSQL, after every batch of pages rendered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('long_tail_pages')
    .addColumn('path', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('long_tail_pages_read').on('long_tail_pages').columns(['read_at', 'path']).execute();
  await db.schema
    .createTable('long_tail_bytes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('long_tail_bytes').values({ id: 1, bytes: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('long_tail_bytes').execute();
  await db.schema.dropTable('long_tail_pages').execute();
}
