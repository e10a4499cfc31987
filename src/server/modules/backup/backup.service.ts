import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { AppContext } from '../../context.ts';
import { Lease, leaseHolder } from '../../db/leases.ts';
import type { BackupConfig } from '../../backup/write.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { LocalStorage } from '../../storage/storage.ts';
import { threadLimits } from '../../threads/worker-calls.ts';
import { siteZone } from '../credit/credit.service.ts';
import { BACKUP_NAME } from '../../../domain/backup.ts';
import type { BackupFile, BackupListReply, BackupRun } from '../../../contract/backup.ts';
import { BackupRunRepo } from './backup.repo.ts';
import { backupSchedule, nextRun } from './backup.schedule.ts';

/** One backup at a time across every instance on this database. */
export const BACKUP_LEASE = 'backup';
const LEASE_MS = 60_000;

type BackupContext = AppContext;

/** The archives in the backup folder, newest first. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => BACKUP_NAME.test(n));
  const files = await Promise.all(
    names.map(async (name) => {
      const info = await stat(join(dir, name)).catch(() => null);
      return info ? { name, size: info.size, created_at: info.mtime.toISOString() } : null;
    }),
  );
  return files.filter((f) => f !== null).sort((a, b) => newer(a.name, b.name));
}

/** Newest first: by the time in the name, then by the number two backups of one second get (`-2`). */
function newer(a: string, b: string): number {
  const parts = (name: string): [string, number] => {
    const m = /^wenku-backup-(\d{8}-\d{6})(?:-(\d+))?\.tar$/.exec(name);
    return [m?.[1] ?? '', Number(m?.[2] ?? 1)];
  };
  const [sa, na] = parts(a);
  const [sb, nb] = parts(b);
  return sb.localeCompare(sa) || nb - na;
}

/** The path of a listed archive; 404 for any other name. */
export async function backupPath(ctx: BackupContext, name: string): Promise<string> {
  if (!BACKUP_NAME.test(name) || !(await listBackups(ctx.config.backupDir)).some((b) => b.name === name))
    throw notFound('备份不存在');
  return join(ctx.config.backupDir, name);
}

export async function deleteBackup(ctx: BackupContext, name: string): Promise<void> {
  await unlink(await backupPath(ctx, name));
}

/** What the back office shows: the archives, the last run, whether one runs now, the schedule. */
export async function backupOverview(ctx: BackupContext): Promise<BackupListReply> {
  const repo = new BackupRunRepo(ctx.db);
  const running = (await leaseHolder(ctx.db, BACKUP_LEASE)) !== null;
  let last = await repo.last();
  // a run whose process died holds no lease any more
  if (last?.status === 'running' && !running) last = { ...last, status: 'failed', message: '备份进程中断（服务器被停止或重启）' };
  const schedule = await backupSchedule(ctx.settings);
  const zone = await siteZone(ctx);
  return {
    backup: await listBackups(ctx.config.backupDir),
    last,
    running,
    schedule: { ...schedule, zone, next_at: schedule.enable ? nextRun(zone, schedule.time) : '' },
    files_included: ctx.storage instanceof LocalStorage,
  };
}

/**
 * Starts a backup under the lease: the run is recorded, the archive written on a thread of its own
 * (backup.worker.ts), old archives beyond `backup.keep` removed. Resolves with the run's id once
 * started (`done` settles when it ends), or null when another backup runs, or the schedule's
 * `slot` was taken by another instance meanwhile.
 */
export async function startBackup(
  ctx: BackupContext,
  kind: BackupRun['kind'],
  slot = '',
  log: (msg: string) => void = () => undefined,
): Promise<{ id: number; done: Promise<void> } | null> {
  const repo = new BackupRunRepo(ctx.db);
  let started!: (id: number | null) => void;
  const id = new Promise<number | null>((resolve) => (started = resolve));
  const done = new Lease(ctx.db, BACKUP_LEASE, LEASE_MS)
    .hold(async () => {
      if (slot && (await repo.slotTaken(slot))) return started(null);
      const run = await repo.start(kind, slot);
      started(run);
      try {
        const result = await backupInThread(backupConfig(ctx.config));
        await repo.finish(run, { status: 'ok', file: result.file.split('/').pop(), bytes: result.bytes });
        const removed = await prune(ctx.config.backupDir, (await backupSchedule(ctx.settings)).keep);
        log(`备份完成：${result.file}（${result.bytes} 字节）${removed ? `；删除了 ${removed} 份较早的备份` : ''}`);
      } catch (err) {
        await repo.finish(run, { status: 'failed', message: (err as Error).message });
        log(`备份失败：${(err as Error).message}`);
      }
    })
    .then((r) => {
      if (!r.held) started(null);
    });
  const runId = await id;
  return runId === null ? null : { id: runId, done };
}

/** 立即备份: refused while one runs. */
export async function backupNow(ctx: BackupContext, log?: (msg: string) => void): Promise<number> {
  const run = await startBackup(ctx, 'manual', '', log);
  if (!run) throw conflict('已有备份正在进行，请稍后再试');
  return run.id;
}

const backupConfig = (c: AppContext['config']): BackupConfig => ({
  databaseUrl: c.databaseUrl,
  dbSchema: c.dbSchema,
  storage: c.storage,
  s3: c.s3,
  dataDir: c.dataDir,
  backupDir: c.backupDir,
});

function backupInThread(config: BackupConfig): Promise<{ file: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./backup.worker.ts', import.meta.url), {
      workerData: { config },
      resourceLimits: threadLimits(),
    });
    worker.once('message', (m: { ok: boolean; file: string; bytes: number; message: string }) =>
      m.ok ? resolve(m) : reject(new Error(m.message)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`备份线程意外退出（${code}）`)));
  });
}

/** Removes the oldest archives beyond `keep`; returns how many went. */
export async function prune(dir: string, keep: number): Promise<number> {
  const old = (await listBackups(dir)).slice(Math.max(1, keep));
  for (const b of old) await unlink(join(dir, b.name)).catch(() => undefined);
  return old.length;
}
