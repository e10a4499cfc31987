import type { Kysely } from 'kysely';
import { table, str, int, stamps, nullableText } from './columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  // status: 0 pending review, 1 published, 2 rejected; identifier is the URL key /article/<identifier>
  await table(db, 'articles', (t) =>
    nullableText(
      stamps(
        int(
          str(
            t.addColumn('identifier', 'text', (c) => c.notNull().unique()),
            'author',
            'title',
            'keywords',
            'description',
            'content',
            'reject_reason',
          ),
          'user_id',
          'view_count',
          'favorite_count',
          'comment_count',
          'status',
          'deleted_user_id',
        ),
      ),
      'recommend_at',
      'deleted_at',
    ),
  );
  await db.schema.createIndex('articles_status').on('articles').columns(['status', 'deleted_at']).execute();
  await db.schema.createIndex('articles_user').on('articles').column('user_id').execute();

  await table(db, 'article_categories', (t) =>
    int(t, 'article_id', 'category_id').addColumn('created_at', 'text', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('article_categories_uq')
    .on('article_categories')
    .columns(['article_id', 'category_id'])
    .unique()
    .execute();
  await db.schema.createIndex('article_categories_category').on('article_categories').column('category_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['article_categories', 'articles']) await db.schema.dropTable(t).ifExists().execute();
}
