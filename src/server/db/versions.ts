import { sql, type Kysely } from 'kysely';
import { dialectOf } from './dialect.ts';
import type { DB } from './schema.ts';
import { versionSequence } from './migrations/009_lists.ts';

export type VersionedTable =
  | 'documents' | 'document_categories' | 'articles' | 'article_categories' | 'comments'
  | 'attachments' | 'favorites' | 'downloads' | 'users' | 'user_groups' | 'categories';

/**
 * The change counters of some tables as one string: it differs from an earlier reading once any
 * of them was written (by any process; triggers of migration 009 keep them). One primary-key
 * read (SQLite) or one sequence read per table (PostgreSQL) in a single statement.
 */
export async function tableVersions(db: Kysely<DB>, tables: readonly VersionedTable[]): Promise<string> {
  if (dialectOf(db) === 'postgres') {
    const reads = tables.map((t) => sql`(select last_value from ${sql.raw(versionSequence(t))})`);
    const { rows } = await sql<{ v: string }>`select concat_ws(',', ${sql.join(reads)}) as v`.execute(db);
    return rows[0]!.v;
  }
  const rows = await db.selectFrom('table_versions').select(['name', 'version']).where('name', 'in', tables).execute();
  return tables.map((t) => rows.find((r) => r.name === t)?.version ?? 0).join(',');
}
