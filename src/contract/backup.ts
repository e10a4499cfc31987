import { z } from 'zod';
import { BACKUP_NAME } from '../domain/backup.ts';

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
  message: z.string(),
  started_at: z.string(),
  finished_at: z.string(),
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
