import type { Database } from '../db/db.ts';
import { AuthCache, type SessionState } from './auth.cache.ts';
import type { TokenService } from './jwt.ts';

/** Who a request comes from, as its bearer token says once checked against the account. */
export interface Identity {
  /** 0 for anonymous */
  userId: number;
  tokenUuid: string;
  tokenExp: number;
  /** The versions of AUTH_TABLES the session was checked at ('' without a valid token). */
  stamp: string;
}

const ANONYMOUS: Identity = { userId: 0, tokenUuid: '', tokenExp: 0, stamp: '' };
const BEARER = /^bearer\s+/i;

/** Whether a token signed at `version` still opens the user's account (see 011_accounts). */
const sessionCurrent = (user: SessionState, version: number, uuid: string): boolean =>
  version === user.token_version || (user.token_keep !== '' && uuid === user.token_keep);

/**
 * The one place a request's `Authorization` header becomes a user: the auth hook asks it for every
 * request Fastify handles, and the fast path of kept answers (http/answer-fast.ts) for those it
 * answers before Fastify, so both see the same user. An invalid, revoked or outdated token never
 * fails by itself: the request goes on anonymously.
 */
export class Identifier {
  readonly cache: AuthCache;
  private readonly tokens: TokenService;

  constructor(db: Database, tokens: TokenService) {
    this.cache = new AuthCache(db);
    this.tokens = tokens;
  }

  async identify(header: string | undefined): Promise<Identity> {
    const token = header && BEARER.test(header) ? header.replace(BEARER, '').trim() : '';
    const claims = token ? await this.tokens.verify(token) : null;
    if (!claims) return ANONYMOUS;
    const stamp = await this.cache.current();
    if (await this.cache.isRevoked(stamp, claims.UUID)) return { ...ANONYMOUS, stamp };
    // a token of a deleted user is no session, nor one signed before the password last changed
    // (unless it is the session that changed it)
    const session = await this.cache.session(stamp, claims.UserId);
    if (!session || !sessionCurrent(session, claims.Version, claims.UUID)) return { ...ANONYMOUS, stamp };
    return { userId: claims.UserId, tokenUuid: claims.UUID, tokenExp: claims.exp, stamp };
  }
}
