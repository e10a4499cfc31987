import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { versionSequence } from './009_lists.ts';

/**
 * State that several instances on one database share (issue 14, docs/deployment.md).
 * - `rate_limits`: the request counters of the per-route rate limits (@fastify/rate-limit), one row
 *   per route and address, so a limit counts the requests made to every instance; `resets_at` is
 *   the end of the row's window in epoch milliseconds.
 * - `leases`: named leases that one instance holds at a time (the site renderer's); `expires_at`
 *   in epoch milliseconds, so a killed holder's lease runs out by itself.
 * - the `configs` table gets a change counter like the tables of migration 009: every instance
 *   reads it cheaply and reloads the settings only when it moved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createRateLimits(db);
  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  if (dialectOf(db) === 'postgres') {
    const seq = versionSequence('configs');
    await sql`create sequence ${sql.raw(seq)}`.execute(db);
    await sql`create trigger configs_version after insert or delete or update on configs
      for each statement execute function wenku_bump_table_version(${sql.lit(seq)})`.execute(db);
    return;
  }
  await sql`insert into table_versions (name) values ('configs')`.execute(db);
  for (const [suffix, event] of [
    ['ins', sql`insert`],
    ['del', sql`delete`],
    ['upd', sql`update`],
  ] as const) {
    await sql`create trigger ${sql.raw(`configs_version_${suffix}`)} after ${event} on configs
      begin update table_versions set version = version + 1 where name = 'configs'; end`.execute(db);
  }
}

/**
 * The rate limits' counters; `ifNotExists` for SQLite's counter file, which the server makes at
 * start (limits/rate-limit.repo.ts; migration 027 moved the counters there).
 */
export async function createRateLimits(db: Kysely<any>, ifNotExists = false): Promise<void> {
  let table = db.schema.createTable('rate_limits');
  if (ifNotExists) table = table.ifNotExists();
  await table
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('resets_at', 'bigint', (c) => c.notNull())
    .execute();
  let index = db.schema.createIndex('rate_limits_resets_at');
  if (ifNotExists) index = index.ifNotExists();
  await index.on('rate_limits').column('resets_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger if exists configs_version on configs`.execute(db);
    await sql`drop sequence if exists ${sql.raw(versionSequence('configs'))}`.execute(db);
  } else {
    for (const suffix of ['ins', 'del', 'upd'])
      await sql`drop trigger if exists ${sql.raw(`configs_version_${suffix}`)}`.execute(db);
    await sql`delete from table_versions where name = 'configs'`.execute(db);
  }
  for (const t of ['leases', 'rate_limits']) await db.schema.dropTable(t).ifExists().execute();
}
