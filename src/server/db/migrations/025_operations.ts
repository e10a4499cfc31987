import type { Kysely } from 'kysely';

/**
 * Figures an operator watches (metrics/hourly.ts): `metric_hours` adds up each process's counters per
 * hour (requests, errors, conversions), so the dashboard shows the last 24 hours of every instance
 * and converter. `document_requests`: the id of the request that uploaded a document, carried into its
 * conversion and render log lines (the converter may be another process, so it is kept in the database;
 * a table of its own, so no document reply ever carries it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('metric_hours')
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('metric_hours_pk', ['hour', 'name'])
    .execute();
  await db.schema
    .createTable('document_requests')
    // no foreign key, like every other table: a site copy (backup, restore, db copy) loads tables in name order
    .addColumn('document_id', 'integer', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('document_requests').ifExists().execute();
  await db.schema.dropTable('metric_hours').ifExists().execute();
}
