import { z } from 'zod';
import { BACKUP_NAME } from '../domain/backup.ts';
import { endpoint, service } from './endpoint.ts';
import { strings } from './reply.ts';

/** How long a backup's download link lives. */
export const BACKUP_LINK_MINUTES = 5;

/** A backup archive named as the server names them (never a path). */
export const backupNameInput = z.object({ name: z.string().regex(BACKUP_NAME, '备份文件名不正确') });
export const backupFileQuery = z.object({ token: z.string().min(1, '下载链接无效') });

export const backupFile = z.object({ name: z.string(), size: z.number(), created_at: z.string() });
export type BackupFile = z.infer<typeof backupFile>;

/** One backup the server ran: kind schedule | manual; status running | ok | failed. */
export const backupRun = z.object({
  id: z.number(),
  kind: z.enum(['schedule', 'manual']),
  status: z.enum(['running', 'ok', 'failed']),
  file: z.string(),
  bytes: z.number(),
  ...strings('message', 'started_at', 'finished_at'),
});
export type BackupRun = z.infer<typeof backupRun>;

export const backupListReply = z.object({
  backup: z.array(backupFile),
  /** the last run, whatever its outcome */
  last: backupRun.nullable(),
  running: z.boolean(),
  schedule: z.object({
    enable: z.boolean(),
    time: z.string(),
    keep: z.number(),
    zone: z.string(),
    /** the next scheduled run (ISO), '' when off */
    next_at: z.string(),
  }),
  /** false: the files are in object storage and not in the archives (docs/backup.md) */
  files_included: z.boolean(),
});
export type BackupListReply = z.infer<typeof backupListReply>;

export const backupStartReply = z.object({ id: z.number() });
export const backupDownloadReply = z.object({ url: z.string() });

/** BackupAPI: 系统设置 → 备份 — the archives the server made, 立即备份, download links, deletion. */
export const backupApi = service('BackupAPI', '备份', (rpc) => ({
  calls: {
    list: endpoint.get('/backup/list', rpc('ListBackup', '查看备份'), { reply: backupListReply }),
    create: endpoint.post('/backup', rpc('CreateBackup', '立即备份'), { reply: backupStartReply }),
    delete: endpoint.delete('/backup', rpc('DeleteBackup', '删除备份'), { query: backupNameInput }),
    download: endpoint.post('/backup/download', rpc('DownloadBackup', '下载备份'), {
      body: backupNameInput,
      reply: backupDownloadReply,
    }),
  },
  summaries: {
    list: '备份列表、最近一次结果与定时设置',
    create: '立即备份（在后台进行，完成后出现在列表中）',
    delete: '删除一份备份',
    download: `下载链接（${BACKUP_LINK_MINUTES} 分钟内有效）`,
  },
}));
