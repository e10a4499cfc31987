import type { AppContext } from '../../context.ts';
import { BACKUP_TIME } from '../../../domain/backup.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

export interface BackupSchedule {
  enable: boolean;
  /** HH:MM in the site's time zone */
  time: string;
  keep: number;
}

/** 系统设置 → 备份: backup.enable, backup.time, backup.keep. */
export async function backupSchedule(settings: AppContext['settings']): Promise<BackupSchedule> {
  const time = (await settings.get(SETTINGS.backup.time)).trim();
  const keep = await settings.get(SETTINGS.backup.keep);
  return {
    enable: await settings.get(SETTINGS.backup.enable),
    time: BACKUP_TIME.test(time) ? time : SETTINGS.backup.time.default,
    keep: keep > 0 ? keep : SETTINGS.backup.keep.default,
  };
}

/** The date and time of day (`YYYY-MM-DD`, `HH:MM`) of an instant in a time zone. */
function wallClock(zone: string, at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Today's run (`YYYY-MM-DD HH:MM`, site time) once its time has come, else null: a server down at that time catches up. */
export function dueSlot(zone: string, time: string, now = new Date()): string | null {
  const clock = wallClock(zone, now);
  return clock.time >= time ? `${clock.date} ${time}` : null;
}

/** When the next scheduled run is due, in site time (`YYYY-MM-DD HH:MM`). */
export function nextRun(zone: string, time: string, now = new Date()): string {
  const clock = wallClock(zone, now);
  if (clock.time < time) return `${clock.date} ${time}`;
  return `${wallClock(zone, new Date(now.getTime() + 24 * 3_600_000)).date} ${time}`;
}
