/**
 * Dependency-free time formatting for public-page islands (lib/time.ts uses dayjs, which
 * would cost ~3 KB gzip on every library and document page). Same rules as lib/time.ts:
 * relative "N 分钟前" (months of 30 days), full `YYYY-MM-DD HH:mm:ss` in local time.
 */
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;

function parse(v: string | number | null | undefined): Date | null {
  if (v === null || v === undefined || v === '' || v === 0) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function relTime(v: string | null | undefined, now: number = Date.now()): string {
  const d = parse(v);
  if (!d) return '刚刚';
  const s = Math.floor((now - d.getTime()) / 1000);
  if (s < MINUTE) return '刚刚';
  if (s < HOUR) return `${Math.floor(s / MINUTE)} 分钟前`;
  if (s < DAY) return `${Math.floor(s / HOUR)} 小时前`;
  const days = Math.floor(s / DAY);
  if (days < 30) return `${days} 天前`;
  const months = Math.floor(days / 30);
  return months < 12 ? `${months} 月前` : `${Math.floor(months / 12)} 年前`;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss`; '-' when empty or invalid. */
export function fullTime(v: string | null | undefined): string {
  const d = parse(v);
  if (!d) return '-';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
