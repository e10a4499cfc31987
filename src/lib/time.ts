import dayjs from 'dayjs';

export type TimeInput = string | number | Date | null | undefined;

/** Default full format. The spec writes `yyyy-MM-dd hh:mm:ss` meaning a 24-hour clock. */
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH_DAYS = 30;

/**
 * Parses wire times. Numbers below 1e11 are Unix seconds (moredoc stores some times,
 * e.g. punishment operator logs, as seconds); larger numbers are milliseconds.
 */
function parse(v: TimeInput): dayjs.Dayjs | null {
  if (v === null || v === undefined || v === '' || v === 0) return null;
  const d = typeof v === 'number' ? dayjs(Math.abs(v) < 1e11 ? v * 1000 : v) : dayjs(v);
  return d.isValid() ? d : null;
}

/**
 * Converts the spec's pattern style (`yyyy-MM-dd hh:mm:ss`) to dayjs tokens. `hh` means
 * 24-hour in the spec, so it becomes `HH`; dayjs-style patterns pass through unchanged.
 */
export function toDayjsFormat(fmt: string): string {
  return fmt.replace(/y/g, 'Y').replace(/d/g, 'D').replace(/h/g, 'H');
}

/** Full date and time; '-' for empty or invalid input. */
export function formatDatetime(v: TimeInput, fmt: string = DATETIME_FORMAT): string {
  const d = parse(v);
  return d ? d.format(toDayjsFormat(fmt)) : '-';
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
  const ref = parse(now) ?? dayjs();
  if (!d) return '刚刚';
  const seconds = Math.floor(ref.diff(d) / 1000);
  if (seconds < MINUTE) return '刚刚';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} 分钟前`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)} 小时前`;
  const days = Math.floor(seconds / DAY);
  if (days < MONTH_DAYS) return `${days} 天前`;
  const months = Math.floor(days / MONTH_DAYS);
  if (months < 12) return `${months} 月前`;
  return `${Math.floor(months / 12)} 年前`;
}
