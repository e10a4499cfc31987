/** BackupAPI: 系统设置 → 备份 (issue 26). Zero values are left out on the wire: filled here. */
import { http, mapOk } from './http.ts';
import type { ApiResult } from './http.ts';
import type { BackupFile, BackupListReply, BackupRun } from '../contract/backup.ts';

export type { BackupFile, BackupListReply, BackupRun };

const fillRun = (r: Partial<BackupRun>): BackupRun => ({
  id: r.id ?? 0,
  kind: r.kind ?? 'manual',
  status: r.status ?? 'running',
  file: r.file ?? '',
  bytes: r.bytes ?? 0,
  message: r.message ?? '',
  started_at: r.started_at ?? '',
  finished_at: r.finished_at ?? '',
});

export const listBackups = async (): Promise<ApiResult<BackupListReply>> =>
  mapOk(await http.get<Partial<BackupListReply>>('/backup/list'), (b) => ({
    backup: (b.backup ?? []).map((f) => ({ name: f.name ?? '', size: f.size ?? 0, created_at: f.created_at ?? '' })),
    last: b.last ? fillRun(b.last) : null,
    running: Boolean(b.running),
    schedule: {
      enable: Boolean(b.schedule?.enable),
      time: b.schedule?.time ?? '',
      keep: b.schedule?.keep ?? 0,
      zone: b.schedule?.zone ?? '',
      next_at: b.schedule?.next_at ?? '',
    },
    files_included: Boolean(b.files_included),
  }));

export const startBackup = () => http.post<{ id: number }>('/backup');
export const deleteBackup = (name: string) => http.del<object>('/backup', { name });
export const backupDownloadUrl = (name: string) => http.post<{ url: string }>('/backup/download', { name });
