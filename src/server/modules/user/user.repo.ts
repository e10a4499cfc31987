import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/db.ts';
import { dialectOf, nowIso } from '../../db/dialect.ts';
import type { DB, NewUser, UserRow, UserUpdate } from '../../db/schema.ts';
import { likeAny, paginate, parseOrder, countOf } from '../../http/list.ts';
import { BLANK_PROFILE, USER_COUNTERS } from '../../../domain/user.ts';
import { sameUsername, usernameKey } from './username.ts';
import { Repo } from '../../db/repo.ts';
import { MembershipRepo } from './membership.repo.ts';

type Q = Kysely<DB>;

/** Advisory lock class of one address's registrations ("RG"). */
const REGISTER_LOCK = 0x5247;

const ORDER_COLUMNS = ['id', 'username', ...USER_COUNTERS, 'created_at', 'updated_at', 'login_at'] as const;

export interface NewAccount {
  username: string;
  passwordHash: string;
  email: string;
  /** a number verified by SMS (mobile registration), else empty */
  mobile?: string;
  ip?: string;
  /** Registration counts as the first login; accounts made by an admin have none yet. */
  loggedIn?: boolean;
}

export interface UserListOptions {
  page: number;
  size: number;
  wd?: string;
  order?: string;
  ids?: number[];
  groupIds?: number[];
  withTotal: boolean;
}

export class UserRepo extends Repo {
  private readonly memberships = new MembershipRepo(this.db);

  byId(id: number, db: Q = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byUsername(username: string, db: Q = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  /** The account a typed name means: the exact name, else the same name in another case or width. */
  async byLoginName(name: string): Promise<UserRow | undefined> {
    const exact = await this.byUsername(name);
    if (exact) return exact;
    const row = await this.db.selectFrom('users').selectAll().where('username_key', '=', usernameKey(name)).executeTakeFirst();
    // a look-alike (paypa1 for paypal) is another name, not a way to type this one
    return row && sameUsername(row.username, name) ? row : undefined;
  }

  /** Why a new name cannot be had: it exists (in some case or width), or it looks like one that does. */
  async usernameClash(name: string, db: Q = this.db): Promise<'taken' | 'similar' | null> {
    const row = await db
      .selectFrom('users')
      .select('username')
      .where((eb) => eb.or([eb('username_key', '=', usernameKey(name)), eb('username', '=', name)]))
      .executeTakeFirst();
    if (!row) return null;
    return sameUsername(row.username, name) ? 'taken' : 'similar';
  }

  /** PostgreSQL: holds the address's registration lock until the transaction ends (SQLite writes one at a time). */
  async lockRegistrationsFrom(trx: Kysely<DB>, ip: string): Promise<void> {
    if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(${REGISTER_LOCK}, hashtext(${ip}))`.execute(trx);
  }

  /** Accounts registered from the address since the given time. */
  async registrationsFrom(ip: string, since: string, db: Kysely<DB> = this.db): Promise<number> {
    return countOf(db.selectFrom('users').where('register_ip', '=', ip).where('created_at', '>', since));
  }

  /**
   * Sets a new password and ends the user's sessions: every one, or all but `keepSession` (the
   * token that made a self-change). Pending reset links die too; with `resetNonce` the change
   * happens only while that link is still the pending one. Returns whether the row changed.
   */
  async setPassword(
    id: number,
    passwordHash: string,
    opts: { keepSession?: string; resetNonce?: string } = {},
    db: Q = this.db,
  ): Promise<boolean> {
    let q = db
      .updateTable('users')
      .set((eb) => ({
        password: passwordHash,
        token_version: eb('token_version', '+', 1),
        token_keep: opts.keepSession ?? '',
        reset_nonce: '',
        updated_at: nowIso(),
      }))
      .where('id', '=', id);
    if (opts.resetNonce !== undefined) q = q.where('reset_nonce', '=', opts.resetNonce);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** The account of a mobile number (the oldest, should an import have left two). */
  byMobile(mobile: string, db: Q = this.db): Promise<UserRow | undefined> {
    return this.byContact('mobile', mobile, db);
  }

  mobileTaken(mobile: string, exceptId = 0, db: Q = this.db): Promise<boolean> {
    return this.contactTaken('mobile', mobile, exceptId, db);
  }

  /** E-mails are not unique in the table (legacy rows); the oldest account wins. */
  byEmail(email: string, db: Q = this.db): Promise<UserRow | undefined> {
    return this.byContact('email', email, db);
  }

  emailTaken(email: string, exceptId = 0, db: Q = this.db): Promise<boolean> {
    return this.contactTaken('email', email, exceptId, db);
  }

  private byContact(column: 'mobile' | 'email', value: string, db: Q): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where(column, '=', value).orderBy('id', 'asc').executeTakeFirst();
  }

  /** Whether an account other than `exceptId` holds the number or address. */
  private async contactTaken(column: 'mobile' | 'email', value: string, exceptId: number, db: Q): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where(column, '=', value)
      .where('id', '!=', exceptId)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** Inserts the user and its memberships; must run inside the caller's transaction. */
  async create(trx: Q, a: NewAccount, groupIds: number[]): Promise<UserRow> {
    const now = nowIso();
    const values: NewUser = {
      username: a.username,
      username_key: usernameKey(a.username),
      password: a.passwordHash,
      email: a.email,
      mobile: a.mobile ?? '',
      ...BLANK_PROFILE,
      last_login_ip: a.ip ?? '',
      register_ip: a.ip ?? '',
      login_at: a.loggedIn ? now : null,
      created_at: now,
      updated_at: now,
    };
    const user = await trx.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow();
    await this.memberships.join(trx, user.id, groupIds);
    return user;
  }

  /** An account made by an admin: the user and its memberships in one transaction. */
  add(a: NewAccount, groupIds: number[]): Promise<UserRow> {
    return this.db.transaction().execute((trx) => this.create(trx, a, groupIds));
  }

  /**
   * An admin's change of an account in one transaction: its groups, and with a `passwordHash` its
   * password, which ends its sessions but `keepSession`.
   */
  setGroupsAndPassword(userId: number, groupIds: number[], passwordHash: string, keepSession: string): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await this.memberships.setGroups(trx, userId, groupIds);
      if (passwordHash) await this.setPassword(userId, passwordHash, { keepSession }, trx);
    });
  }

  async update(id: number, patch: UserUpdate, db: Q = this.db): Promise<void> {
    await db
      .updateTable('users')
      .set({ ...patch, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  async recordLogin(id: number, ip: string, db: Q = this.db): Promise<void> {
    await db.updateTable('users').set({ login_at: nowIso(), last_login_ip: ip }).where('id', '=', id).execute();
  }

  /** A new password-reset nonce: links signed with an older one stop working. */
  async setResetNonce(id: number, nonce: string): Promise<void> {
    await this.db.updateTable('users').set({ reset_nonce: nonce }).where('id', '=', id).execute();
  }

  /** The users with the counts that keep them from being deleted. */
  withContentCounts(ids: number[]) {
    return ids.length
      ? this.db.selectFrom('users').select(['id', 'username', 'doc_count', 'article_count']).where('id', 'in', ids).execute()
      : Promise.resolve([]);
  }

  /** Deletes the users with their memberships, credit history and notices in one transaction. */
  async delete(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.db.transaction().execute(async (trx) => {
      await this.memberships.removeUsers(trx, ids);
      await trx.deleteFrom('credit_logs').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('notifications').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('users').where('id', 'in', ids).execute();
    });
  }

  async list(o: UserListOptions): Promise<{ total?: number; rows: UserRow[] }> {
    let base = this.db.selectFrom('users');
    if (o.ids?.length) base = base.where('id', 'in', o.ids);
    if (o.groupIds?.length) {
      const gids = o.groupIds;
      base = base.where('id', 'in', (eb) => eb.selectFrom('user_groups').select('user_id').where('group_id', 'in', gids));
    }
    if (o.wd?.trim()) base = base.where(likeAny(['username', 'realname', 'email', 'mobile'], o.wd));
    const total = o.withTotal ? await countOf(base) : undefined;
    let q = base.selectAll();
    const order = parseOrder(o.order, ORDER_COLUMNS);
    for (const [col, dir] of order) q = q.orderBy(col as 'id', dir);
    if (!order.some(([col]) => col === 'id')) q = q.orderBy('id', 'desc');
    return { total, rows: await paginate(q, o.page, o.size).execute() };
  }
}

/** Refuses a signed-in token from now on (logout); rows of tokens that expired anyway are dropped. */
export async function revokeToken(db: Database, uuid: string, userId: number, expiresAtSeconds: number): Promise<void> {
  const now = nowIso();
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', now).execute();
  await db
    .insertInto('revoked_tokens')
    .values({ uuid, user_id: userId, expires_at: new Date(expiresAtSeconds * 1000).toISOString(), created_at: now })
    .onConflict((oc) => oc.column('uuid').doNothing())
    .execute();
}
