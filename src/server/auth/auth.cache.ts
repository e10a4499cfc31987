import type { Database } from '../db/db.ts';
import { freshVersions, type VersionedTable } from '../db/versions.ts';

/** The tables a session and a permission check read (their versions: migrations 009 and 018). */
export const AUTH_TABLES: readonly VersionedTable[] = [
  'users',
  'revoked_tokens',
  'user_groups',
  'group_permissions',
  'permissions',
];

/** Entries per kind before the cache starts over (a bound, not an expected size). */
const MAX_ENTRIES = 50_000;

export interface SessionState {
  token_version: number;
  token_keep: string;
}

/**
 * What the auth hook asks on every signed-in request (is the token revoked, which session version
 * does the account accept, does it hold a permission), answered from memory while the versions of
 * AUTH_TABLES stay the same. Any write to them, by this instance or another one on the same
 * database, moves a version (triggers), and the next request reads them again: a logout, a password
 * change, a deleted account or a changed group permission takes effect at the next request
 * everywhere. One version read (batched across concurrent requests, freshVersions) replaces three
 * queries per request (`npm run bench -- --only lists`).
 */
export class AuthCache {
  private stamp = '';
  private revoked = new Map<string, boolean>();
  private sessions = new Map<number, SessionState | null>();
  private grants = new Map<string, boolean>();
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** The current versions (read now); entries of older versions are forgotten. */
  async current(): Promise<string> {
    const stamp = await freshVersions(this.db, AUTH_TABLES);
    if (stamp !== this.stamp) {
      this.stamp = stamp;
      this.revoked = new Map();
      this.sessions = new Map();
      this.grants = new Map();
    }
    return stamp;
  }

  isRevoked(stamp: string, uuid: string): Promise<boolean> {
    return this.through(
      stamp,
      () => this.revoked,
      uuid,
      async () => Boolean(await this.db.selectFrom('revoked_tokens').select('uuid').where('uuid', '=', uuid).executeTakeFirst()),
    );
  }

  session(stamp: string, userId: number): Promise<SessionState | null> {
    return this.through(
      stamp,
      () => this.sessions,
      userId,
      async () =>
        (await this.db.selectFrom('users').select(['token_version', 'token_keep']).where('id', '=', userId).executeTakeFirst()) ??
        null,
    );
  }

  granted(stamp: string, key: string, read: () => Promise<boolean>): Promise<boolean> {
    return this.through(stamp, () => this.grants, key, read);
  }

  /**
   * A hit, or a fresh read kept only when the versions did not move meanwhile: a read that began
   * before a write may have missed it, and must not be kept under the versions after it.
   */
  private async through<K, V>(stamp: string, map: () => Map<K, V>, key: K, read: () => Promise<V>): Promise<V> {
    if (stamp === this.stamp) {
      const m = map();
      if (m.has(key)) return m.get(key)!;
    }
    const value = await read();
    if (stamp === this.stamp) {
      const m = map();
      if (m.size >= MAX_ENTRIES) m.clear();
      m.set(key, value);
    }
    return value;
  }
}
