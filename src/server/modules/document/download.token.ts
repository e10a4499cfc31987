import { SignJWT, jwtVerify } from 'jose';
import { ensureSecret } from '../../auth/secrets.ts';
import type { AppContext } from '../../context.ts';
import type { DownloadDocumentReply } from '../../../contract/document.ts';
import { DOCUMENT_EXTENSIONS } from '../../../domain/file-kind.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';
import type { DocumentView } from './document.view.ts';

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

/** A file name for the download: the title without path or control characters, plus the extension. */
const fileName = (doc: DocumentView) =>
  `${doc.title.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_').trim() || 'document'}${doc.ext}`;

/** Signs the link for a document's original file. */
export async function downloadUrl(ctx: AppContext, doc: DocumentView, userId: number): Promise<DownloadDocumentReply> {
  const token = await signDownload(ctx, { hash: doc.hash, ext: doc.ext, filename: fileName(doc), uid: userId, did: doc.id });
  return { url: `/download/${token}` };
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
