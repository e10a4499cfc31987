/**
 * moredoc stores DATETIME as naive wall-clock time of the moredoc process's time zone (the zone
 * cannot be read from the database). Wenku stores ISO-8601 UTC text. `zone` is an IANA name
 * (Asia/Shanghai) or a fixed offset (+08:00).
 */

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;

/** Offset of `zone` from UTC at the instant `utcMs`, in minutes. */
function offsetMinutes(zone: string, utcMs: number): number {
  const fixed = OFFSET.exec(zone);
  if (fixed) return (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3]));
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((wall - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

/** Whether `zone` is usable (an IANA name the runtime knows, or ±HH:MM). */
export function validZone(zone: string): boolean {
  if (OFFSET.test(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * `2024-03-01 08:00:00` in `zone` → `2024-03-01T00:00:00.000Z` (for Asia/Shanghai). Null for
 * NULL, zero dates (0000-00-00) and anything unparsable.
 */
export function toUtcIso(value: unknown, zone: string): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  const m = NAIVE.exec(String(value));
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (y === 0 || mo === 0 || d === 0) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // the offset at the guessed instant, then again at the corrected one (DST edges)
  let utc = wall - offsetMinutes(zone, wall) * 60_000;
  utc = wall - offsetMinutes(zone, utc) * 60_000;
  return new Date(utc).toISOString();
}
