import type { OperationsReply } from '../../../contract/config.ts';
import type { AppContext } from '../../context.ts';
import { conversionQueue, freeBytes, localStorageDir } from '../../metrics/collect.ts';
import { hourOf, lastHours } from '../../metrics/hourly.ts';

/**
 * The dashboard's figures (GET /operations), from the counters /metrics shows: the last 24 hours as
 * `metric_hours` holds them (every process flushes each minute) plus what this process counted since
 * its last flush, the conversion queue, free disk. The last backup has a card of its own (GET
 * /backup/list, for holders of its permission).
 */
export async function operations(ctx: AppContext): Promise<OperationsReply> {
  const now = Date.now();
  const hours = await lastHours(ctx.db, 24, now);
  const current = hours.find((h) => h.hour === hourOf(now));
  if (current)
    for (const [name, value] of Object.entries(ctx.metrics.hourly)) current[name as keyof typeof ctx.metrics.hourly] += value;
  const disk: OperationsReply['disk'] = [];
  const data = await freeBytes(ctx.config.dataDir);
  if (data !== null) disk.push({ folder: 'data', path: ctx.config.dataDir, free: data });
  const storageDir = localStorageDir(ctx.config);
  const storage = storageDir === null ? null : await freeBytes(storageDir);
  if (storageDir !== null && storage !== null) disk.push({ folder: 'storage', path: storageDir, free: storage });
  return { hours, queue: await conversionQueue(ctx.db), disk };
}
