import type { FastifyInstance, FastifyReply } from 'fastify';
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


async function send(app: FastifyInstance, reply: FastifyReply, key: string, type: string, gzip = false) {
  const stream = await app.ctx.storage.read(key);
  if (!stream) return reply.code(404).send(errorBody(Code.NotFound, '文件不存在'));
  // generated from uploaded files: never scripts, never sniffed, cached for good (names never change)
  reply
    .header('content-type', type)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
    .header('x-content-type-options', 'nosniff');
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.send(stream);
}

// moredoc answers a malformed hash with HTTP 404 and this body
const badHash = (reply: FastifyReply) => reply.code(404).send(errorBody(400, 'hash值必须32位'));

/** Rendered pages and covers (contract §2.21): `/view/page/:hash/:page`, `/view/cover/:hash`. */
export default async function viewRoutes(app: FastifyInstance) {
  app.get<{ Params: { hash: string; page: string } }>('/view/page/:hash/:page', { schema: { hide: true } }, async (req, reply) => {
    const { hash, page } = req.params;
    if (!HASH.test(hash)) return badHash(reply);
    const ext = PAGE.exec(page)?.[1];
    if (!ext) return reply.code(404).send(errorBody(Code.NotFound, '文件不存在'));
    return send(app, reply, `${hashDir(hash)}/${page}`, TYPES[ext]!, ext === 'gzip.svg');
  });

  app.get<{ Params: { hash: string } }>('/view/cover/:hash', { schema: { hide: true } }, async (req, reply) => {
    const { hash } = req.params;
    if (!HASH.test(hash)) return badHash(reply);
    return send(app, reply, coverKey(hash), 'image/png');
  });
}
