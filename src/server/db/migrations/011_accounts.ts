import type { Kysely } from 'kysely';
import { assignUsernameKeys } from './frozen/username-keys-011.ts';
import { addColumn, table } from './columns.ts';

/**
 * Account hardening.
 * - `token_version`: sessions are signed with it; a password change or reset bumps it, which
 *   ends every older session at once. `token_keep` names the one session a self-change keeps.
 * - `reset_nonce`: the only password-reset link that still works (single use, newest wins).
 * - `username_key`: the name folded and with look-alikes replaced (see user/username.ts), unique,
 *   so `ADMIN` or a Cyrillic `аdmin` cannot sit beside `admin`. The users found here get theirs
 *   from the rules as they were then (frozen/username-keys-011.ts); until a row has one, a null
 *   key still lets the account log in by its exact name.
 * - `login_failures`: failed logins of the last minutes, counted per account, address and site
 *   (user/login-throttle.ts); kept in the database so every instance sees the same counts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addColumn(db, 'users', 'token_version', 'integer', 0);
  await addColumn(db, 'users', 'token_keep', 'text', '');
  await addColumn(db, 'users', 'reset_nonce', 'text', '');
  await db.schema.alterTable('users').addColumn('username_key', 'text').execute();

  await assignUsernameKeys(db);
  await db.schema.createIndex('users_name_key_uq').unique().on('users').column('username_key').execute();
  // registrations per address and hour (user.service.ts)
  await db.schema.createIndex('users_register_ip').on('users').columns(['register_ip', 'created_at']).execute();

  await table(db, 'login_failures', (t) =>
    t
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull()),
  );
  await db.schema.createIndex('login_failures_created').on('login_failures').column('created_at').execute();
  await db.schema.createIndex('login_failures_ip').on('login_failures').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('login_failures_account').on('login_failures').columns(['account', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_failures').ifExists().execute();
  await db.schema.dropIndex('users_register_ip').ifExists().execute();
  await db.schema.dropIndex('users_name_key_uq').ifExists().execute();
  for (const c of ['username_key', 'reset_nonce', 'token_keep', 'token_version'])
    await db.schema.alterTable('users').dropColumn(c).execute();
}
