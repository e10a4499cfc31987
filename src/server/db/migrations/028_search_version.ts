import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { trackVersions, versionSequence } from './009_lists.ts';

/**
 * A change counter for the search index (`search_facets`: the indexer writes one row per indexed
 * item, beside its index entries). Searches keep their windows under the counters of the items'
 * tables; without this one, an item indexed by another process (the instance following a worker's
 * conversions) stayed out of this process's kept windows for up to a minute.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await trackVersions(db, 'search_facets');
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger if exists search_facets_version on search_facets`.execute(db);
    await sql`drop sequence if exists ${sql.raw(versionSequence('search_facets'))}`.execute(db);
    return;
  }
  for (const suffix of ['ins', 'del', 'upd'])
    await sql`drop trigger if exists ${sql.raw(`search_facets_version_${suffix}`)}`.execute(db);
  await sql`delete from table_versions where name = 'search_facets'`.execute(db);
}
