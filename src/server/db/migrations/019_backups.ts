import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Backups made by the server (系统设置 → 备份): one row per run, scheduled or started by an admin,
 * so that every instance shows the last result and the schedule runs once per day across instances
 * (`slot`: the day and time of the schedule a run was for; '' for a run started by hand).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('backup_runs')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('backup_runs_slot').on('backup_runs').columns(['kind', 'slot']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_runs').execute();
}
