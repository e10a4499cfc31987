import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate, type SiteFile } from './site.files.ts';

/** Whether a conditional GET may be answered with 304 (If-None-Match wins over If-Modified-Since). */
function notModified(req: FastifyRequest, etag: string, lastModified: string): boolean {
  const match = req.headers['if-none-match'];
  if (match) {
    const weak = (t: string) => t.trim().replace(/^W\//, '');
    return match.trim() === '*' || match.split(',').some((t) => weak(t) === weak(etag));
  }
  const since = req.headers['if-modified-since'];
  return Boolean(since) && Date.parse(since!) >= Date.parse(lastModified);
}

/** Sends a file held in memory: the best encoding the client accepts, or 304 when it has it already. */
export function sendSiteFile(req: FastifyRequest, reply: FastifyReply, file: SiteFile, cacheControl: string): FastifyReply {
  const encoding = negotiate(req.headers['accept-encoding'], file.variants);
  const v = file.variants[encoding]!;
  reply.header('cache-control', cacheControl).header('etag', v.etag).header('last-modified', v.lastModified);
  if (file.variants.br || file.variants.gzip) reply.header('vary', 'accept-encoding');
  if (reply.statusCode === 200 && notModified(req, v.etag, v.lastModified)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type(file.type).send(v.body);
}
