import { SignJWT, jwtVerify } from 'jose';
import { ensureSecret } from '../../auth/secrets.ts';
import type { AppContext } from '../../context.ts';
import { DOCUMENT_EXTENSIONS } from '../../../domain/file-kind.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

/** What a download link carries: which stored file, under which name, for whom. */
export interface DownloadClaims {
  hash: string;
  ext: string;
  filename: string;
  uid: number;
  did: number;
}

/** `download.secret_key`; when an operator emptied it, a generated secret kept in the database (never a default). */
async function key(ctx: AppContext): Promise<Uint8Array> {
  const configured = await ctx.settings.get(SETTINGS.download.secret_key);
  return new TextEncoder().encode(configured || (await ensureSecret(ctx.db, 'download')));
}

/** A signed HS256 link token valid `download.url_duration` seconds (60 when unset). */
export async function signDownload(ctx: AppContext, claims: DownloadClaims): Promise<string> {
  const seconds = await ctx.settings.get(SETTINGS.download.url_duration);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + (seconds > 0 ? seconds : 60))
    .sign(await key(ctx));
}

/** The claims of a valid, unexpired token naming a stored document file; null otherwise. */
export async function verifyDownload(ctx: AppContext, token: string): Promise<DownloadClaims | null> {
  try {
    const { payload: p } = await jwtVerify(token, await key(ctx), { algorithms: ['HS256'] });
    const ok =
      typeof p.hash === 'string' &&
      /^[0-9a-f]{32}$/.test(p.hash) &&
      typeof p.ext === 'string' &&
      DOCUMENT_EXTENSIONS.includes(p.ext) &&
      typeof p.filename === 'string';
    return ok
      ? { hash: p.hash as string, ext: p.ext as string, filename: p.filename as string, uid: Number(p.uid), did: Number(p.did) }
      : null;
  } catch {
    return null;
  }
}

/** RFC 5987 value of `filename*`: UTF-8, percent-encoded, attr-chars only. */
export const encodeFilename = (name: string): string =>
  encodeURIComponent(name).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
