import type { FastifyInstance } from 'fastify';
import { signLinkToken } from '../../auth/jwt.ts';
import { ensureSecret } from '../../auth/secrets.ts';
import { apiRoutes } from '../../http/routes.ts';
import { emptyReply } from '../../../contract/common.ts';
import { backupDownloadReply, backupListReply, backupNameInput, backupStartReply } from '../../../contract/backup.ts';
import { backupNow, backupOverview, backupPath, deleteBackup } from './backup.service.ts';
import { BACKUP_LINK_MINUTES, BACKUP_LINK_SECRET } from './backup.serve.ts';

/** 系统设置 → 备份: the archives the server made, 立即备份, download links, deletion. */
export default async function backupRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const api = apiRoutes(app, ['备份'], 'BackupAPI');

  api.get(
    '/backup/list',
    { summary: '备份列表、最近一次结果与定时设置', access: api.rpc('ListBackup', '查看备份'), reply: backupListReply },
    async () => backupOverview(ctx),
  );

  api.post(
    '/backup',
    {
      summary: '立即备份（在后台进行，完成后出现在列表中）',
      access: api.rpc('CreateBackup', '立即备份'),
      reply: backupStartReply,
    },
    async (req) => ({ id: await backupNow(ctx, (msg) => req.log.info(msg)) }),
  );

  api.delete(
    '/backup',
    { summary: '删除一份备份', access: api.rpc('DeleteBackup', '删除备份'), querystring: backupNameInput, reply: emptyReply },
    async (req) => {
      await deleteBackup(ctx, req.query.name);
      return {};
    },
  );

  api.post(
    '/backup/download',
    {
      summary: `下载链接（${BACKUP_LINK_MINUTES} 分钟内有效）`,
      access: api.rpc('DownloadBackup', '下载备份'),
      body: backupNameInput,
      reply: backupDownloadReply,
    },
    async (req) => {
      await backupPath(ctx, req.body.name);
      const token = await signLinkToken(await ensureSecret(ctx.db, BACKUP_LINK_SECRET), req.body.name, BACKUP_LINK_MINUTES);
      return { url: `/backup-file/${token}` };
    },
  );
}
