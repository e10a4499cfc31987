import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { UserOauth } from '../../../contract/oauth.ts';
import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import type { OauthSessionsTable, OauthStatesTable, UserOauthsTable } from '../../db/schema.ts';
import type { OauthProfile } from './oauth.providers.ts';
import { Repo } from '../../db/repo.ts';

/** States, sessions and browser cookies are stored only as hashes: a database leak signs no one in. */
export const digest = (v: string) => createHash('sha256').update(v).digest('hex');

type LinkRow = Selectable<UserOauthsTable>;

export const toUserOauth = (r: LinkRow): UserOauth => ({
  id: r.id,
  oauth_type: r.oauth_type,
  username: r.username,
  nickname: r.nickname,
  avatar: r.avatar,
  created_at: r.created_at,
});

export class OauthRepo extends Repo {
  async addState(v: { state: string; browser: string; oauth_type: number; redirect: string; ttlMs: number }): Promise<void> {
    const now = nowIso();
    await this.db.deleteFrom('oauth_states').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('oauth_states')
      .values({
        state_hash: digest(v.state),
        browser_hash: digest(v.browser),
        oauth_type: v.oauth_type,
        redirect: v.redirect,
        expires_at: new Date(Date.now() + v.ttlMs).toISOString(),
      })
      .execute();
  }

  /** Takes a state out (DELETE … RETURNING: two requests cannot both use it). */
  takeState(state: string): Promise<Selectable<OauthStatesTable> | undefined> {
    return this.db.deleteFrom('oauth_states').where('state_hash', '=', digest(state)).returningAll().executeTakeFirst();
  }

  async addSession(session: string, type: number, p: OauthProfile, ttlMs: number): Promise<void> {
    const now = nowIso();
    await this.db.deleteFrom('oauth_sessions').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('oauth_sessions')
      .values({ session_hash: digest(session), oauth_type: type, ...p, expires_at: new Date(Date.now() + ttlMs).toISOString() })
      .execute();
  }

  session(session: string): Promise<Selectable<OauthSessionsTable> | undefined> {
    return this.db.selectFrom('oauth_sessions').selectAll().where('session_hash', '=', digest(session)).executeTakeFirst();
  }

  async dropSession(db: Database, id: number): Promise<boolean> {
    const row = await db.deleteFrom('oauth_sessions').where('id', '=', id).returning('id').executeTakeFirst();
    return Boolean(row);
  }

  link(type: number, openid: string, db: Database = this.db): Promise<LinkRow | undefined> {
    return db
      .selectFrom('user_oauths')
      .selectAll()
      .where('oauth_type', '=', type)
      .where('openid', '=', openid)
      .executeTakeFirst();
  }

  async refreshLink(id: number, p: OauthProfile): Promise<void> {
    await this.db
      .updateTable('user_oauths')
      .set({ unionid: p.unionid, username: p.username, nickname: p.nickname, avatar: p.avatar, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  async addLink(db: Database, userId: number, type: number, p: Omit<OauthProfile, never>): Promise<void> {
    const now = nowIso();
    await db
      .insertInto('user_oauths')
      .values({ user_id: userId, oauth_type: type, ...p, created_at: now, updated_at: now })
      .execute();
  }

  linksOf(userId: number, db: Database = this.db): Promise<LinkRow[]> {
    return db.selectFrom('user_oauths').selectAll().where('user_id', '=', userId).orderBy('id', 'asc').execute();
  }

  async removeLink(db: Database, userId: number, id: number): Promise<boolean> {
    const row = await db
      .deleteFrom('user_oauths')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    return Boolean(row);
  }
}
