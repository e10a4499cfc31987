import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * 我的下载 picks a page's documents from a member's downloads by `(user_id, document_id)` and
 * orders them by their latest download id. SQLite's index already carries the row id; on
 * PostgreSQL the id has to be in the index for the pick to read the index alone (measured at
 * 100,000 documents on a member with 6,639 downloads: 7.4 ms → 4.3 ms). The wider index serves
 * every lookup the old one did, so it replaces it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await db.schema.createIndex('downloads_user_cover').on('downloads').columns(['user_id', 'document_id', 'id']).execute();
  await db.schema.dropIndex('downloads_user').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await db.schema.createIndex('downloads_user').on('downloads').columns(['user_id', 'document_id']).execute();
  await db.schema.dropIndex('downloads_user_cover').execute();
}
