import type { Database } from '../db/db.ts';
import { freshVersions, type VersionedTable } from '../db/versions.ts';
import { Kept } from '../db/versioned-value.ts';

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
 * AUTH_TABLES stay the same (and for at most KEPT_MAX_AGE_MS: on PostgreSQL a version moves before
 * its write commits, and a check read in that instant must not stand until the next write). Any
 * write to them, by this instance or another one on the same
 * database, moves a version (triggers), and the next request reads them again: a logout, a password
 * change, a deleted account or a changed group permission takes effect at the next request
 * everywhere. One version read (batched across concurrent requests, freshVersions) replaces three
 * queries per request (`npm run bench -- --only lists`).
 */
export class AuthCache {
  private kept = new Kept('', entries());
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** The current versions (read now); entries of older versions, or older than Kept allows, are forgotten. */
  async current(): Promise<string> {
    const stamp = await freshVersions(this.db, AUTH_TABLES);
    if (!this.kept.standsFor(stamp)) this.kept = new Kept(stamp, entries());
    return stamp;
  }

  isRevoked(stamp: string, uuid: string): Promise<boolean> {
    return this.through(
      stamp,
      (e) => e.revoked,
      uuid,
      async () => Boolean(await this.db.selectFrom('revoked_tokens').select('uuid').where('uuid', '=', uuid).executeTakeFirst()),
    );
  }

  session(stamp: string, userId: number): Promise<SessionState | null> {
    return this.through(
      stamp,
      (e) => e.sessions,
      userId,
      async () =>
        (await this.db.selectFrom('users').select(['token_version', 'token_keep']).where('id', '=', userId).executeTakeFirst()) ??
        null,
    );
  }

  granted(stamp: string, key: string, read: () => Promise<boolean>): Promise<boolean> {
    return this.through(stamp, (e) => e.grants, key, read);
  }

  /**
   * A hit, or a fresh read kept only when the versions did not move meanwhile: a read that began
   * before a write may have missed it, and must not be kept under the versions after it.
   */
  private async through<K, V>(stamp: string, map: (e: Entries) => Map<K, V>, key: K, read: () => Promise<V>): Promise<V> {
    const kept = this.kept;
    if (stamp === kept.stamp) {
      const m = map(kept.value);
      if (m.has(key)) return m.get(key)!;
    }
    const value = await read();
    // into the same generation of entries only: not into one started since, for its age, under the same stamp
    if (stamp === kept.stamp && this.kept === kept) {
      const m = map(kept.value);
      if (m.size >= MAX_ENTRIES) m.clear();
      m.set(key, value);
    }
    return value;
  }
}

interface Entries {
  revoked: Map<string, boolean>;
  sessions: Map<number, SessionState | null>;
  grants: Map<string, boolean>;
}

const entries = (): Entries => ({ revoked: new Map(), sessions: new Map(), grants: new Map() });
