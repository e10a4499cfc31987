import type { Kysely } from 'kysely';

/**
 * Documents in the order they finished converting: the instance that follows the conversions of
 * `npm run worker` processes (convert/converted-feed.ts) reads the ones newer than it has seen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('documents_converted_at').on('documents').column('converted_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('documents_converted_at').ifExists().execute();
}
