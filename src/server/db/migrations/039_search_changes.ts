import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * PostgreSQL: `search_changes`, the log of which items' index rows (search_items) were written or
 * removed, one row per item and write, numbered like the facet rows (the search_facets change
 * counter, facet-store.ts). Each server process follows it into a full-text copy of the items'
 * tokens on its own disk (src/server/search/local-copy.ts), from which a search reads its window.
 * A row of kind '*' says that nothing before it is kept (a rebuild emptied the index, or old rows
 * were pruned): a follower below it copies every item again. SQLite needs none: its FTS5 table is
 * the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create table search_changes (
    seq bigint not null,
    kind varchar(16) not null,
    ref_id integer not null,
    at timestamptz not null default now()
  )`.execute(db);
  await sql`create index search_changes_seq on search_changes (seq)`.execute(db);
  await sql`create index search_changes_at on search_changes (at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop table search_changes`.execute(db);
}
