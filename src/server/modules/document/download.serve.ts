import type { FastifyInstance } from 'fastify';
import { originalKey } from '../../convert/keys.ts';
import { encodeFilename, verifyDownload } from './download.token.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

/**
 * GET /download/:token (outside /api/v1): streams the original file of a signed download link
 * as an attachment. A bad or expired link answers 400 with moredoc's plain text.
 */
export default async function downloadServe(app: FastifyInstance) {
  // a wildcard, not `:token`: a signed token is longer than the router's 100-character parameter limit
  app.get<{ Params: { '*': string } }>('/download/*', { schema: { hide: true } }, async (req, reply) => {
    const claims = await verifyDownload(app.ctx, req.params['*'] ?? '');
    if (!claims) return reply.code(400).type('text/plain; charset=utf-8').send('下载链接已失效');
    const key = originalKey(claims.hash, claims.ext);
    const disposition = `attachment; filename*=UTF-8''${encodeFilename(claims.filename)}`;
    if (app.ctx.config.storageDelivery === 'presigned') {
      // the bucket serves the file; the link lives as long as a download link does
      const seconds = await app.ctx.settings.get(SETTINGS.download.url_duration);
      const url = await app.ctx.storage.presign(key, {
        expiresIn: seconds > 0 ? seconds : 60,
        contentType: 'application/octet-stream',
        contentDisposition: disposition,
        cacheControl: 'private, no-store',
      });
      if (url) return reply.header('cache-control', 'private, no-store').redirect(url, 302);
    }
    const stream = await app.ctx.storage.read(key);
    if (!stream) return reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', disposition)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
}
