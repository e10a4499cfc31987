import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'wenku';
export const TOKEN_DAYS = 30;

export interface SessionClaims {
  UserId: number;
  UUID: string;
  exp: number;
}

/** Claim names follow moredoc's tokens (UserId, UUID) so both kinds of client read them alike. */
export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: number): Promise<{ token: string; uuid: string; expiresAt: Date }> {
    const uuid = randomUUID();
    const expiresAt = new Date(Date.now() + TOKEN_DAYS * 86400_000);
    const token = await new SignJWT({ UserId: userId, UUID: uuid, HaveAccess: false })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setIssuer(ISSUER)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, uuid, expiresAt };
  }

  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.UserId !== 'number' || typeof payload.UUID !== 'string' || !payload.exp) return null;
      return { UserId: payload.UserId, UUID: payload.UUID, exp: payload.exp };
    } catch {
      return null;
    }
  }
}

/** Short-lived signed tokens for e-mailed links (password reset). */
export async function signLinkToken(secret: string, subject: string, minutes: number): Promise<string> {
  return new SignJWT({ jti: subject })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + minutes * 60)
    .sign(new TextEncoder().encode(secret));
}

export async function verifyLinkToken(secret: string, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return typeof payload.jti === 'string' ? payload.jti : null;
  } catch {
    return null;
  }
}
