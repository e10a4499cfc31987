/**
 * Time formatting (spec §9), dependency-free so that public pages pay nothing for it: full
 * `YYYY-MM-DD HH:mm:ss`, dates, and "N 分钟前"-style relative times. Times print in the site's
 * time zone (setting `system.timezone`), so a page built on a UTC server and a page script in a
 * reader's browser print the same clock.
 */

export type TimeInput = string | number | Date | null | undefined;

/** Default full format. The spec writes `yyyy-MM-dd hh:mm:ss` meaning a 24-hour clock. */
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** The zone used until the settings name one (and when they name an unknown one). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

let zoneFormat = partsFormat(DEFAULT_TIME_ZONE)!;

function partsFormat(timeZone: string): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return null;
  }
}

/** Sets the site time zone (an IANA name); empty or unknown names fall back to the default. */
export function setTimeZone(timeZone: string | null | undefined): void {
  zoneFormat = (timeZone?.trim() && partsFormat(timeZone.trim())) || partsFormat(DEFAULT_TIME_ZONE)!;
  offsets.clear();
}

/** The site time zone in use. */
export const timeZone = (): string => zoneFormat.resolvedOptions().timeZone;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function zoneParts(d: Date): WallClock {
  const out: Record<string, number> = {};
  for (const p of zoneFormat.formatToParts(d)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out as unknown as WallClock;
}

/** Zone offsets change on quarter hours of UTC (offsets are whole quarter hours, switches happen on the local hour). */
const QUARTER_HOUR = 15 * 60_000;
/** The zone's offset in each quarter hour seen, or null where it changes inside one; a bound, not an expected size. */
const offsets = new Map<number, number | null>();
const MAX_OFFSETS = 50_000;

const offsetAt = (ms: number): number => {
  const w = zoneParts(new Date(ms));
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - ms;
};

/**
 * The site zone's wall clock at `d`. A page prints hundreds of times and Intl's formatToParts is
 * slow, so the zone's offset is learnt once per quarter hour and applied by arithmetic; a quarter
 * hour whose two ends disagree (a historical offset in seconds) asks Intl every time.
 */
function wallClock(d: Date): WallClock {
  const ms = d.getTime();
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    const start = offsetAt(quarter * QUARTER_HOUR);
    offset = start === offsetAt((quarter + 1) * QUARTER_HOUR - 1000) ? start : null;
    if (offsets.size >= MAX_OFFSETS) offsets.clear();
    offsets.set(quarter, offset);
  }
  if (offset === null || !Number.isFinite(ms)) return zoneParts(d);
  const w = new Date(Math.floor(ms / 1000) * 1000 + offset);
  return {
    year: w.getUTCFullYear(),
    month: w.getUTCMonth() + 1,
    day: w.getUTCDate(),
    hour: w.getUTCHours(),
    minute: w.getUTCMinutes(),
    second: w.getUTCSeconds(),
  };
}

/** A wall-clock time of the site zone as an instant (one correction step: exact outside DST switches). */
function fromWallClock(w: WallClock, ms: number): Date {
  const guess = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, ms);
  const seen = wallClock(new Date(guess));
  const offset = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second, ms) - guess;
  return new Date(guess - offset);
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH_DAYS = 30;

/** `2024-05-01`, `2024-05-01 22:20:30`, `2024/5/1T8:00`: wall-clock times of the site zone. */
const LOCAL_TIME = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

/**
 * Parses wire times. Numbers below 1e11 are Unix seconds (moredoc stores some times,
 * e.g. punishment operator logs, as seconds); larger numbers are milliseconds. Strings
 * without a zone are the site zone's wall clock; RFC 3339 strings keep their zone.
 */
function parse(v: TimeInput): Date | null {
  if (v === null || v === undefined || v === '' || v === 0) return null;
  let d: Date;
  if (typeof v === 'number') d = new Date(Math.abs(v) < 1e11 ? v * 1000 : v);
  else if (v instanceof Date) d = new Date(v.getTime());
  else {
    const m = LOCAL_TIME.exec(v);
    d = m
      ? fromWallClock(
          {
            year: Number(m[1]),
            month: Number(m[2] ?? 1),
            day: Number(m[3] || 1),
            hour: Number(m[4] ?? 0),
            minute: Number(m[5] ?? 0),
            second: Number(m[6] ?? 0),
          },
          Number((m[7] ?? '0').slice(0, 3)),
        )
      : new Date(v);
  }
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Converts the spec's pattern style (`yyyy-MM-dd hh:mm:ss`) to the tokens `formatDatetime`
 * reads (dayjs style). `hh` means 24-hour in the spec, so it becomes `HH`.
 */
export function toDayjsFormat(fmt: string): string {
  return fmt.replace(/y/g, 'Y').replace(/d/g, 'D').replace(/h/g, 'H');
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

const TOKENS = /\[([^\]]+)]|YYYY|YY|SSS|MM|M|DD|D|HH|H|mm|m|ss|s/g;

function format(d: Date, fmt: string): string {
  const w = wallClock(d);
  const values: Record<string, string> = {
    YYYY: String(w.year),
    YY: pad(w.year % 100),
    M: String(w.month),
    MM: pad(w.month),
    D: String(w.day),
    DD: pad(w.day),
    H: String(w.hour),
    HH: pad(w.hour),
    m: String(w.minute),
    mm: pad(w.minute),
    s: String(w.second),
    ss: pad(w.second),
    SSS: pad(d.getUTCMilliseconds(), 3),
  };
  return fmt.replace(TOKENS, (token, literal: string | undefined) => literal ?? values[token] ?? token);
}

/** Full date and time; '-' for empty or invalid input. Accepts dayjs-style or the spec's patterns. */
export function formatDatetime(v: TimeInput, fmt: string = DATETIME_FORMAT): string {
  const d = parse(v);
  return d ? format(d, toDayjsFormat(fmt)) : '-';
}

/** Date only (`YYYY-MM-DD`); '-' for empty or invalid input. */
export function formatDate(v: TimeInput): string {
  return formatDatetime(v, DATE_FORMAT);
}

/**
 * "N 分钟前"-style relative time (spec §9). Empty, invalid or future → 刚刚; months are
 * 30 days; 12 months or more → years = floor(months / 12).
 */
export function relativeTime(v: TimeInput, now: TimeInput = Date.now()): string {
  const d = parse(v);
  if (!d) return '刚刚';
  const ref = parse(now) ?? new Date();
  const seconds = Math.floor((ref.getTime() - d.getTime()) / 1000);
  if (seconds < MINUTE) return '刚刚';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} 分钟前`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)} 小时前`;
  const days = Math.floor(seconds / DAY);
  if (days < MONTH_DAYS) return `${days} 天前`;
  const months = Math.floor(days / MONTH_DAYS);
  if (months < 12) return `${months} 月前`;
  return `${Math.floor(months / 12)} 年前`;
}
