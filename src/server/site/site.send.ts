import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileHeaders, notModified } from './site.fast.ts';
import { droppedSecurityHeaders, negotiate, type SiteFile } from './site.files.ts';

/** Sends a file held in memory: the best encoding the client accepts, or 304 when it has it already. */
export function sendSiteFile(req: FastifyRequest, reply: FastifyReply, file: SiteFile, cacheControl: string): FastifyReply {
  const encoding = negotiate(req.headers['accept-encoding'], file.variants);
  const v = file.variants[encoding]!;
  for (const name of droppedSecurityHeaders(file.rel)) reply.raw.removeHeader(name);
  reply.headers(fileHeaders(file, encoding, cacheControl));
  if (reply.statusCode === 200 && notModified(req.headers, v.etag, v.lastModified)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type(file.type).send(v.body);
}
