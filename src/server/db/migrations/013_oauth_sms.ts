import type { Kysely } from 'kysely';
import { int, stamps, str, table } from './columns.ts';

/**
 * Third-party sign-in and SMS codes (issue 12).
 * - `user_oauths`: a provider account (type + openid) linked to one of ours; a provider account
 *   links to one user, and a user has at most one account per provider.
 * - `oauth_states`: the `state` of an authorization started by a browser, stored as a hash with the
 *   hash of the browser's cookie; deleted when used (single use), refused when old.
 * - `oauth_sessions`: a provider profile that signed in but is not linked yet, waiting for
 *   "完善用户信息" (POST /oauth/bind), keyed by the hash of the session handed to the browser.
 * - `sms`: every code sent (or failed), with provider answer, tries and use; the admin lists it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await table(db, 'user_oauths', (t) =>
    stamps(int(str(t, 'openid', 'unionid', 'username', 'nickname', 'avatar'), 'user_id', 'oauth_type')),
  );
  await db.schema.createIndex('user_oauths_openid_uq').unique().on('user_oauths').columns(['oauth_type', 'openid']).execute();
  await db.schema.createIndex('user_oauths_user_uq').unique().on('user_oauths').columns(['user_id', 'oauth_type']).execute();

  await table(db, 'oauth_states', (t) =>
    int(str(t, 'state_hash', 'browser_hash', 'redirect'), 'oauth_type').addColumn('expires_at', 'text', (c) => c.notNull()),
  );
  await db.schema.createIndex('oauth_states_hash_uq').unique().on('oauth_states').column('state_hash').execute();

  await table(db, 'oauth_sessions', (t) =>
    int(str(t, 'session_hash', 'openid', 'unionid', 'username', 'nickname', 'avatar'), 'oauth_type').addColumn(
      'expires_at',
      'text',
      (c) => c.notNull(),
    ),
  );
  await db.schema.createIndex('oauth_sessions_hash_uq').unique().on('oauth_sessions').column('session_hash').execute();

  await table(db, 'sms', (t) =>
    stamps(
      int(str(t, 'mobile', 'code', 'ip', 'provider', 'error', 'response'), 'sms_type', 'status', 'user_id', 'tries', 'is_used'),
    ),
  );
  await db.schema.createIndex('sms_mobile').on('sms').columns(['mobile', 'created_at']).execute();
  await db.schema.createIndex('sms_ip').on('sms').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('users_mobile').on('users').column('mobile').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_mobile').ifExists().execute();
  for (const t of ['sms', 'oauth_sessions', 'oauth_states', 'user_oauths']) await db.schema.dropTable(t).ifExists().execute();
}
