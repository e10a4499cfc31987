/**
 * Time formatting (spec §9), dependency-free so that public pages pay nothing for it: full
 * `YYYY-MM-DD HH:mm:ss` in local time, dates, and "N 分钟前"-style relative times.
 */

export type TimeInput = string | number | Date | null | undefined;

/** Default full format. The spec writes `yyyy-MM-dd hh:mm:ss` meaning a 24-hour clock. */
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH_DAYS = 30;

/** `2024-05-01`, `2024-05-01 22:20:30`, `2024/5/1T8:00`: local times, as dayjs reads them. */
const LOCAL_TIME = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

/**
 * Parses wire times. Numbers below 1e11 are Unix seconds (moredoc stores some times,
 * e.g. punishment operator logs, as seconds); larger numbers are milliseconds. Strings
 * without a zone are local time; RFC 3339 strings keep their zone.
 */
function parse(v: TimeInput): Date | null {
  if (v === null || v === undefined || v === '' || v === 0) return null;
  let d: Date;
  if (typeof v === 'number') d = new Date(Math.abs(v) < 1e11 ? v * 1000 : v);
  else if (v instanceof Date) d = new Date(v.getTime());
  else {
    const m = LOCAL_TIME.exec(v);
    d = m
      ? new Date(
          Number(m[1]),
          Number(m[2] ?? 1) - 1,
          Number(m[3] || 1),
          Number(m[4] ?? 0),
          Number(m[5] ?? 0),
          Number(m[6] ?? 0),
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
  const values: Record<string, string> = {
    YYYY: String(d.getFullYear()),
    YY: pad(d.getFullYear() % 100),
    M: String(d.getMonth() + 1),
    MM: pad(d.getMonth() + 1),
    D: String(d.getDate()),
    DD: pad(d.getDate()),
    H: String(d.getHours()),
    HH: pad(d.getHours()),
    m: String(d.getMinutes()),
    mm: pad(d.getMinutes()),
    s: String(d.getSeconds()),
    ss: pad(d.getSeconds()),
    SSS: pad(d.getMilliseconds(), 3),
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
