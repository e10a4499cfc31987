import type { AppContext } from '../../context.ts';
import { every } from '../../periodic.ts';
import { siteZone } from '../credit/credit.service.ts';
import { BackupRunRepo } from './backup.repo.ts';
import { backupSchedule, dueSlot } from './backup.schedule.ts';
import { startBackup } from './backup.service.ts';

/** One look at the schedule: starts today's backup when due and not yet taken by any instance; resolves when it ends. */
export async function scheduledBackupTick(ctx: AppContext, now = new Date(), log?: (msg: string) => void): Promise<boolean> {
  const schedule = await backupSchedule(ctx.settings);
  if (!schedule.enable) return false;
  const slot = dueSlot(await siteZone(ctx), schedule.time, now);
  if (!slot || (await new BackupRunRepo(ctx.db).slotTaken(slot))) return false;
  const run = await startBackup(ctx, 'schedule', slot, log);
  if (!run) return false;
  await run.done;
  return true;
}

/** Looks at the schedule every `intervalMs`; of several instances the lease lets one run each day's backup. */
export function startBackupSchedule(ctx: AppContext, intervalMs: number, log: (msg: string) => void): () => void {
  return every(
    intervalMs,
    async () => {
      await scheduledBackupTick(ctx, new Date(), log);
    },
    (err) => log(`定时备份出错：${err.message}`),
  );
}
