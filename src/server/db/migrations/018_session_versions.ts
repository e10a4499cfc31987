import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { trackVersions, VERSIONED, versionSequence } from './009_lists.ts';

/**
 * Sessions and permissions checked from memory (src/server/auth/auth.cache.ts), kept right across
 * instances by the table versions of 009: a revoked token, a password change (users.token_version
 * and token_keep, now counted in the users version too), a changed group membership or group
 * permission, written by any process, moves a version, and every instance reads again.
 */
const SESSION_COLUMNS = ['token_version', 'token_keep'];
const TRACKED = ['revoked_tokens', 'group_permissions', 'permissions'];

async function dropTriggers(db: Kysely<any>, table: string): Promise<void> {
  if (dialectOf(db) === 'postgres')
    await sql`drop trigger if exists ${sql.raw(`${table}_version`)} on ${sql.table(table)}`.execute(db);
  else
    for (const suffix of ['ins', 'del', 'upd'])
      await sql`drop trigger if exists ${sql.raw(`${table}_version_${suffix}`)}`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TRACKED) await trackVersions(db, table);
  await dropTriggers(db, 'users');
  await trackVersions(db, 'users', [...VERSIONED.users, ...SESSION_COLUMNS]);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TRACKED) {
    await dropTriggers(db, table);
    if (dialectOf(db) === 'postgres') await sql`drop sequence if exists ${sql.raw(versionSequence(table))}`.execute(db);
    else await sql`delete from table_versions where name = ${table}`.execute(db);
  }
  await dropTriggers(db, 'users');
  await trackVersions(db, 'users', VERSIONED.users);
}
