import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'wenku';
export const TOKEN_DAYS = 30;

export interface SessionClaims {
  UserId: number;
  UUID: string;
  /** The user's token_version at signing; tokens from before versions existed count as 0. */
  Version: number;
  exp: number;
}

/** Verified tokens kept before the cache starts over (a bound, not an expected size). */
const MAX_VERIFIED = 20_000;
/** Refused tokens remembered, and the longest one remembered: anyone can send any number of them. */
const MAX_REFUSED = 10_000;
const MAX_REFUSED_CHARS = 1024;

/** Claim names follow moredoc's tokens (UserId, UUID) so both kinds of client read them alike. */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature was checked: a signature stays valid, so a token is verified once
   * (WebCrypto's HMAC is an asynchronous round trip, measured on every signed-in request);
   * expiry is checked on every use. Revocation is the auth hook's business (auth.cache.ts).
   */
  private verified = new Map<string, SessionClaims>();
  /**
   * Tokens that failed (bad signature, wrong issuer, expired, not a JWT) fail again: a browser
   * still sending an old session's token is answered without a verification and its thrown error
   * each time (a third of such a request's time).
   */
  private refused = new Set<string>();
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /** `version` is the user's token_version: a password change bumps it and so ends the session. */
  async issue(userId: number, version: number): Promise<{ token: string; uuid: string; expiresAt: Date }> {
    const uuid = randomUUID();
    const expiresAt = new Date(Date.now() + TOKEN_DAYS * 86400_000);
    const token = await new SignJWT({ UserId: userId, UUID: uuid, Version: version, HaveAccess: false })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setIssuer(ISSUER)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, uuid, expiresAt };
  }

  async verify(token: string): Promise<SessionClaims | null> {
    const kept = this.verified.get(token);
    if (kept) return kept.exp * 1000 > Date.now() ? kept : null;
    if (this.refused.has(token)) return null;
    const claims = await this.check(token);
    if (claims) {
      if (this.verified.size >= MAX_VERIFIED) this.verified = new Map();
      this.verified.set(token, claims);
    } else if (token.length <= MAX_REFUSED_CHARS) {
      if (this.refused.size >= MAX_REFUSED) this.refused = new Set();
      this.refused.add(token);
    }
    return claims;
  }

  private async check(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.UserId !== 'number' || typeof payload.UUID !== 'string' || !payload.exp) return null;
      const version = typeof payload.Version === 'number' ? payload.Version : 0;
      return { UserId: payload.UserId, UUID: payload.UUID, Version: version, exp: payload.exp };
    } catch {
      return null;
    }
  }
}

/** Short-lived signed tokens for e-mailed links (password reset); `nonce` ties a link to one request. */
export async function signLinkToken(secret: string, subject: string, minutes: number, nonce = ''): Promise<string> {
  return new SignJWT({ jti: subject, ...(nonce ? { nonce } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + minutes * 60)
    .sign(new TextEncoder().encode(secret));
}

export async function verifyLinkToken(secret: string, token: string): Promise<{ subject: string; nonce: string } | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    if (typeof payload.jti !== 'string') return null;
    return { subject: payload.jti, nonce: typeof payload.nonce === 'string' ? payload.nonce : '' };
  } catch {
    return null;
  }
}
