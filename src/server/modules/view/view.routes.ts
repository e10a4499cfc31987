import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { coverKey, hashDir } from '../../convert/keys.ts';
import { Code, errorBody } from '../../http/errors.ts';

const HASH = /^[0-9a-f]{32}$/;
const PAGE = /^\d+\.(gzip\.svg|svg|png|jpg|webp)$/;

const TYPES: Record<string, string> = {
  'gzip.svg': 'image/svg+xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/**
 * Caches keep a page five minutes, then revalidate (a 304 by ETag, the file never changes): a
 * document that is disabled or deleted stops being served within minutes, not in a year.
 */
const CACHE = 'public, max-age=300';
const PRESIGNED_SECONDS = 300;

const notFound = (reply: FastifyReply) => reply.code(404).send(errorBody(Code.NotFound, '文件不存在'));

async function send(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  hash: string,
  key: string,
  type: string,
  gzip = false,
) {
  if (!(await app.ctx.repos.view.isPublicFile(hash))) return notFound(reply);
  if (app.ctx.config.storageDelivery === 'presigned') {
    // served by the bucket, from its own origin; the redirect is kept a minute, the URL lives five
    const url = await app.ctx.storage.presign(key, {
      expiresIn: PRESIGNED_SECONDS,
      contentType: type,
      ...(gzip ? { contentEncoding: 'gzip' } : {}),
      cacheControl: CACHE,
    });
    if (url) return reply.header('cache-control', 'private, max-age=60').redirect(url, 302);
  }
  const etag = `"${key.slice(key.lastIndexOf('/') + 1)}-${hash}"`;
  reply.header('etag', etag).header('cache-control', CACHE);
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  const stream = await app.ctx.storage.read(key);
  if (!stream) return notFound(reply);
  // generated from uploaded files: never scripts, never sniffed
  reply
    .header('content-type', type)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
    .header('x-content-type-options', 'nosniff');
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.send(stream);
}

// moredoc answers a malformed hash with HTTP 404 and this body
const badHash = (reply: FastifyReply) => reply.code(404).send(errorBody(400, 'hash值必须32位'));

/**
 * Rendered pages and covers (contract §2.21): `/view/page/:hash/:page`, `/view/cover/:hash`, only
 * while a public document (converted, not deleted) has that file — a disabled or deleted
 * document's pages are no longer anybody's to read.
 */
export default async function viewRoutes(app: FastifyInstance) {
  app.get<{ Params: { hash: string; page: string } }>(
    '/view/page/:hash/:page',
    { schema: { hide: true } },
    async (req, reply) => {
      const { hash, page } = req.params;
      if (!HASH.test(hash)) return badHash(reply);
      const ext = PAGE.exec(page)?.[1];
      if (!ext) return notFound(reply);
      return send(app, req, reply, hash, `${hashDir(hash)}/${page}`, TYPES[ext], ext === 'gzip.svg');
    },
  );

  app.get<{ Params: { hash: string } }>('/view/cover/:hash', { schema: { hide: true } }, async (req, reply) => {
    const { hash } = req.params;
    if (!HASH.test(hash)) return badHash(reply);
    return send(app, req, reply, hash, coverKey(hash), 'image/png');
  });
}
