import type { Kysely } from 'kysely';
import { int, nullableText, stamps, str, table } from './columns.ts';

/**
 * Member notices (issue 10): a document or comment of the member was approved or rejected, with
 * the reviewer's reason. `kind` names what it is about ('document', 'comment'), `target_id` its
 * id; `read_at` stays null until the member has seen it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await table(db, 'notifications', (t) =>
    nullableText(stamps(int(str(t, 'kind', 'title', 'content'), 'user_id', 'target_id')), 'read_at'),
  );
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute();
}
