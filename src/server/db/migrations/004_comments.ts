import type { Kysely } from 'kysely';
import { table, str, int, stamps } from './columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  // type: 0 document, 1 article (document_id then holds the article id); status: 0 pending, 1 approved, 2 rejected.
  // content is plain text, never HTML: clients escape it when they show it.
  await table(db, 'comments', (t) =>
    stamps(int(str(t, 'content', 'ip'), 'parent_id', 'document_id', 'type', 'status', 'comment_count', 'user_id')),
  );
  await db.schema.createIndex('comments_target').on('comments').columns(['document_id', 'type', 'status']).execute();
  await db.schema.createIndex('comments_parent').on('comments').column('parent_id').execute();
  await db.schema.createIndex('comments_user').on('comments').columns(['user_id', 'created_at']).execute();

  // guest messages of the feedback form; status: 0 pending, 1 handled
  await table(db, 'feedbacks', (t) => stamps(int(str(t, 'name', 'contact', 'content', 'reply', 'ip'), 'status', 'user_id')));
  await db.schema.createIndex('feedbacks_status').on('feedbacks').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['feedbacks', 'comments']) await db.schema.dropTable(t).ifExists().execute();
}
