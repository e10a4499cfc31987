import type { Kysely } from 'kysely';
import { table, str, int, big, stamps, nullableText } from './columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  // status: 0 pending, 1 converting, 2 converted, 3 failed, 4 disabled, 5 reconvert, 6 pending review, 7 rejected
  await table(db, 'documents', (t) =>
    nullableText(
      stamps(
        big(
          int(
            str(
              t.addColumn('uuid', 'text', (c) => c.notNull().unique()),
              'title',
              'keywords',
              'description',
              'preview_ext',
              'ext',
              'language',
              'hash',
              'convert_error',
              'lease_owner',
            ),
            'user_id',
            'width',
            'height',
            'pages',
            'preview',
            'enable_gzip',
            'download_count',
            'view_count',
            'favorite_count',
            'comment_count',
            'score',
            'score_count',
            'price',
            'status',
            'attachment_id',
            'deleted_user_id',
            'convert_attempts',
          ),
          'size',
        ),
      ),
      'recommend_at',
      'deleted_at',
      'lease_until',
      'converted_at',
    ),
  );
  await db.schema.createIndex('documents_status').on('documents').columns(['status', 'lease_until']).execute();
  await db.schema.createIndex('documents_user').on('documents').column('user_id').execute();
  await db.schema.createIndex('documents_hash').on('documents').column('hash').execute();

  await table(db, 'document_categories', (t) =>
    int(t, 'document_id', 'category_id')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('document_categories_uq', ['document_id', 'category_id']),
  );
  await db.schema.createIndex('document_categories_category').on('document_categories').column('category_id').execute();

  // extracted text per page of a converted file, shared by every document with the same hash
  await db.schema
    .createTable('document_pages')
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('document_pages_pk', ['hash', 'page'])
    .execute();

  await table(db, 'downloads', (t) => stamps(int(str(t, 'ip'), 'user_id', 'document_id', 'is_pay', 'price')));
  await db.schema.createIndex('downloads_user').on('downloads').columns(['user_id', 'document_id']).execute();
  await db.schema.createIndex('downloads_ip').on('downloads').columns(['ip', 'created_at']).execute();

  await table(db, 'document_scores', (t) =>
    stamps(int(t, 'document_id', 'user_id', 'score')).addUniqueConstraint('document_scores_uq', ['document_id', 'user_id']),
  );
  await table(db, 'favorites', (t) =>
    stamps(int(t, 'user_id', 'document_id', 'type')).addUniqueConstraint('favorites_uq', ['user_id', 'document_id', 'type']),
  );
  await table(db, 'reports', (t) => stamps(int(str(t, 'remark'), 'document_id', 'user_id', 'reason', 'status')));
  await table(db, 'banners', (t) => stamps(int(str(t, 'title', 'path', 'url', 'description'), 'sort', 'enable', 'type')));
  await table(db, 'friendlinks', (t) => stamps(int(str(t, 'title', 'link', 'description'), 'sort', 'enable')));
  await table(db, 'advertisements', (t) =>
    nullableText(stamps(int(str(t, 'position', 'title', 'content', 'remark'), 'user_id', 'enable')), 'start_time', 'end_time'),
  );
  // type: 1 account disabled, 2 no comment, 3 no upload, 4 no download, 5 no favorite, 6 no article publishing
  await table(db, 'punishments', (t) =>
    nullableText(stamps(int(str(t, 'reason', 'remark', 'operators'), 'user_id', 'type', 'enable')), 'end_time'),
  );
  await db.schema.createIndex('punishments_user').on('punishments').columns(['user_id', 'type']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'punishments',
    'advertisements',
    'friendlinks',
    'banners',
    'reports',
    'favorites',
    'document_scores',
    'downloads',
    'document_pages',
    'document_categories',
    'documents',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
