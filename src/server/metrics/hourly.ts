import { sql } from 'kysely';
import type { Database } from '../db/db.ts';
import type { HourlyName, Metrics } from './metrics.ts';

/** `YYYY-MM-DDTHH` of a time (UTC): the key of its hour in `metric_hours`. */
export const hourOf = (ms: number): string => new Date(ms).toISOString().slice(0, 13);

/**
 * Adds what the process counted since the last flush to the current hour's row of each figure (one
 * transaction; the sums are taken out of `metrics.hourly` only once written, so a failed write is
 * retried with the next one). Every instance and converter adds its own, so the rows are the site's.
 */
export async function flushHourly(db: Database, metrics: Metrics, now = Date.now()): Promise<void> {
  const taken = Object.entries(metrics.hourly).filter(([, v]) => v > 0) as Array<[HourlyName, number]>;
  if (!taken.length) return;
  for (const [name] of taken) metrics.hourly[name] = 0;
  const hour = hourOf(now);
  try {
    await db.transaction().execute(async (trx) => {
      for (const [name, value] of taken) {
        await trx
          .insertInto('metric_hours')
          .values({ hour, name, value })
          .onConflict((oc) => oc.columns(['hour', 'name']).doUpdateSet({ value: sql`metric_hours.value + excluded.value` }))
          .execute();
      }
    });
  } catch (err) {
    for (const [name, value] of taken) metrics.hourly[name] += value;
    throw err;
  }
}

/** Each figure's sum per hour over the last `hours` hours, oldest first; hours without a row are 0. */
export async function lastHours(
  db: Database,
  hours: number,
  now = Date.now(),
): Promise<Array<{ hour: string } & Record<HourlyName, number>>> {
  const keys = Array.from({ length: hours }, (_, i) => hourOf(now - (hours - 1 - i) * 3_600_000));
  const rows = await db.selectFrom('metric_hours').select(['hour', 'name', 'value']).where('hour', '>=', keys[0]).execute();
  const by = new Map(keys.map((hour) => [hour, { hour, requests: 0, errors: 0, conversions_done: 0, conversions_failed: 0 }]));
  for (const r of rows) {
    const h = by.get(r.hour);
    if (h && r.name in h) h[r.name as HourlyName] += Number(r.value);
  }
  return [...by.values()];
}

/** Rows older than `days` days are dropped: the dashboard shows a day, the rest is for Prometheus. */
export async function pruneHourly(db: Database, days: number, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('metric_hours')
    .where('hour', '<', hourOf(now - days * 86_400_000))
    .execute();
}
