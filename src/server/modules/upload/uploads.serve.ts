import type { FastifyInstance } from 'fastify';
import { Code, errorBody } from '../../http/errors.ts';

/** Content types of the uploads served inline, by extension (the favicon serves some of them too). */
export const UPLOAD_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.pdf': 'application/pdf',
};

/** Keys are content-addressed (`uploads/h/a/s/h/x/<md5>.<ext>`): anything else is no upload. */
const SAFE_KEY = /^(?:[0-9a-f]\/){5}[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

/**
 * Serves uploaded files from storage at `/uploads/*`. Files are named by their md5, so they
 * never change: cached for a year. Unknown types go out as downloads, never rendered.
 */
export default async function uploadsServe(app: FastifyInstance) {
  app.get<{ Params: { '*': string } }>('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    const rest = req.params['*'] ?? '';
    const stream = SAFE_KEY.test(rest) ? await app.ctx.storage.read(`uploads/${rest}`) : null;
    if (!stream) return reply.code(404).send(errorBody(Code.NotFound, '文件不存在'));
    const ext = rest.slice(rest.lastIndexOf('.'));
    const type = UPLOAD_TYPES[ext];
    reply
      .header('content-type', type ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (!type) reply.header('content-disposition', 'attachment');
    return reply.send(stream);
  });
}
