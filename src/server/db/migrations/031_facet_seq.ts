import type { Kysely } from 'kysely';
import { addColumn } from './columns.ts';

/**
 * search_facets.seq: the number the indexer gives the facet rows it writes, from the table's change
 * counter (src/server/search/facet-store.ts): a process holding every item's facet row in memory
 * reads what was written since it last looked (`seq > n`, by this index) instead of asking the
 * database for a thousand rows each search. Rows from before this migration have 0, and are read
 * by the store's first load like every other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumn(db, 'search_facets', 'seq', 'bigint', 0);
  await db.schema.createIndex('search_facets_seq').on('search_facets').column('seq').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('search_facets_seq').execute();
  await db.schema.alterTable('search_facets').dropColumn('seq').execute();
}
