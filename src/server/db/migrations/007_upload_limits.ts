import type { Kysely } from 'kysely';

/**
 * Upload rate and daily quota count a user's recent attachments on every upload; the unused
 * attachment sweep looks for old unclaimed ones (type_id 0).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('attachments_user_created')
    .ifNotExists()
    .on('attachments')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('attachments_unused')
    .ifNotExists()
    .on('attachments')
    .columns(['type_id', 'type', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['attachments_unused', 'attachments_user_created']) await db.schema.dropIndex(name).ifExists().execute();
}
