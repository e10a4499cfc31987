import type { Kysely } from 'kysely';

/**
 * Progress of an import from another system (`wenku import moredoc`): per source and step, the
 * last source id copied and whether the step finished. Written in the same transaction as each
 * batch, so an interrupted import resumes after its last committed batch.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_state')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('last_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_state_pk', ['source', 'step'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_state').ifExists().execute();
}
