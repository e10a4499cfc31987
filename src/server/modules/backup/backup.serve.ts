import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { verifyLinkToken } from '../../auth/jwt.ts';
import { ensureSecret } from '../../auth/secrets.ts';
import { backupPath } from './backup.service.ts';

export const BACKUP_LINK_SECRET = 'backup-link';

/**
 * A backup archive, only through a link an admin holding 下载备份 was given (POST /api/v1/backup/download):
 * the archives live outside every served folder and have no URL of their own.
 */
export default async function backupServe(app: FastifyInstance) {
  // a wildcard, not `:token`: a signed token is longer than the router's parameter limit
  app.get<{ Params: { '*': string } }>('/backup-file/*', { schema: { hide: true } }, async (req, reply) => {
    const link = await verifyLinkToken(await ensureSecret(app.ctx.db, BACKUP_LINK_SECRET), req.params['*'] ?? '');
    if (!link) return reply.code(403).type('text/plain; charset=utf-8').send('下载链接无效或已过期');
    const path = await backupPath(app.ctx, link.subject).catch(() => null);
    if (!path) return reply.code(404).type('text/plain; charset=utf-8').send('备份不存在');
    return reply
      .header('content-type', 'application/x-tar')
      .header('content-disposition', `attachment; filename="${link.subject}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(createReadStream(path));
  });
}
