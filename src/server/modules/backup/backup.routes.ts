import type { FastifyInstance } from 'fastify';
import { signLinkToken } from '../../auth/jwt.ts';
import { ensureSecret } from '../../auth/secrets.ts';
import { serviceRoutes } from '../../http/routes.ts';
import { BACKUP_LINK_MINUTES, backupApi } from '../../../contract/backup.ts';
import { backupNow, backupOverview, backupPath, deleteBackup } from './backup.service.ts';
import { BACKUP_LINK_SECRET } from './backup.serve.ts';

/** 系统设置 → 备份: the archives the server made, 立即备份, download links, deletion. */
export default async function backupRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { calls } = backupApi;
  const api = serviceRoutes(app, backupApi);

  api.handle(calls.list, async () => backupOverview(ctx));

  api.handle(calls.create, async (req) => ({ id: await backupNow(ctx, (msg) => req.log.info(msg)) }));

  api.handle(calls.delete, async (req) => {
    await deleteBackup(ctx, req.query.name);
    return {};
  });

  api.handle(calls.download, async (req) => {
    await backupPath(ctx, req.body.name);
    const token = await signLinkToken(await ensureSecret(ctx.db, BACKUP_LINK_SECRET), req.body.name, BACKUP_LINK_MINUTES);
    return { url: `/backup-file/${token}` };
  });
}
