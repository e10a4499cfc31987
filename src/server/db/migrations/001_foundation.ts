import type { Kysely } from 'kysely';
import { table, str, int, stamps } from './columns.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await table(db, 'users', (t) =>
    stamps(
      int(
        str(
          t.addColumn('username', 'text', (c) => c.notNull().unique()),
          'password',
          'email',
          'mobile',
          'address',
          'signature',
          'avatar',
          'identity',
          'realname',
          'remark',
          'last_login_ip',
          'register_ip',
        ),
        'doc_count',
        'follow_count',
        'fans_count',
        'favorite_count',
        'comment_count',
        'article_count',
        'credit_count',
      ).addColumn('login_at', 'text'),
    ),
  );
  await db.schema.createIndex('users_email').on('users').column('email').execute();

  await table(db, 'groups', (t) =>
    stamps(
      int(
        str(
          t.addColumn('title', 'text', (c) => c.notNull().unique()),
          'color',
          'description',
        ),
        'is_default',
        'is_display',
        'user_count',
        'sort',
        'enable_upload',
        'enable_document_review',
        'enable_comment',
        'enable_comment_approval',
        'enable_article',
        'enable_article_approval',
      ),
    ),
  );
  await table(db, 'user_groups', (t) =>
    int(t, 'user_id', 'group_id')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('user_groups_uq', ['user_id', 'group_id']),
  );
  await table(db, 'permissions', (t) =>
    stamps(str(t, 'method', 'path', 'title', 'description')).addUniqueConstraint('permissions_uq', ['method', 'path']),
  );
  await table(db, 'group_permissions', (t) =>
    int(t, 'group_id', 'permission_id')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('group_permissions_uq', ['group_id', 'permission_id']),
  );
  await table(db, 'configs', (t) =>
    stamps(
      int(str(t, 'category', 'name', 'label', 'value', 'placeholder', 'input_type', 'options'), 'sort', 'col_num', 'is_secret'),
    ).addUniqueConstraint('configs_uq', ['category', 'name']),
  );
  await db.schema
    .createTable('secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await table(db, 'navigations', (t) =>
    stamps(int(str(t, 'title', 'href', 'target', 'color', 'description'), 'sort', 'enable', 'parent_id', 'fixed')),
  );
  await table(db, 'categories', (t) =>
    stamps(
      int(
        str(t, 'title', 'cover', 'icon', 'description'),
        'parent_id',
        'doc_count',
        'sort',
        'enable',
        'show_description',
        'type',
      ),
    ),
  );
  await table(db, 'languages', (t) =>
    stamps(
      int(
        str(t, 'language').addColumn('code', 'text', (c) => c.notNull().unique()),
        'enable',
        'total',
        'sort',
      ),
    ),
  );
  await table(db, 'attachments', (t) =>
    stamps(
      int(
        str(t, 'hash', 'path', 'name', 'ext', 'ip', 'description'),
        'user_id',
        'type_id',
        'type',
        'enable',
        'size',
        'width',
        'height',
      ),
    ).addColumn('deleted_at', 'text'),
  );
  await db.schema.createIndex('attachments_hash').on('attachments').column('hash').execute();
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('captchas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await table(db, 'email_codes', (t) =>
    int(str(t, 'email', 'ip', 'code', 'error'), 'code_type', 'success', 'is_used').addColumn('created_at', 'text', (c) =>
      c.notNull(),
    ),
  );
  await table(db, 'credit_logs', (t) =>
    int(str(t, 'reason', 'ref_type'), 'user_id', 'amount', 'balance', 'ref_id').addColumn('created_at', 'text', (c) =>
      c.notNull(),
    ),
  );
  await db.schema.createIndex('credit_logs_user').on('credit_logs').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'credit_logs',
    'email_codes',
    'captchas',
    'revoked_tokens',
    'attachments',
    'languages',
    'categories',
    'navigations',
    'secrets',
    'configs',
    'group_permissions',
    'permissions',
    'user_groups',
    'groups',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
