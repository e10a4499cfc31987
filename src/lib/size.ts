/** Byte units, 1024-based (spec §9: B to YB). */
export const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;
const BASE = 1024;

/**
 * Human-readable file size: `1536` → `1.5 KB`. Trailing zeros are dropped (as the
 * original site did) while at most `decimals` digits are kept. 0, empty or invalid → `0 B`.
 */
export function formatBytes(value: number | string | null | undefined, decimals = 2): string {
  const bytes = typeof value === 'string' ? Number(value) : (value ?? 0);
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const digits = Math.max(0, Math.floor(decimals));
  const exp = Math.floor(Math.log(bytes) / Math.log(BASE));
  const i = Math.min(Math.max(exp, 0), SIZE_UNITS.length - 1);
  return `${Number.parseFloat((bytes / BASE ** i).toFixed(digits))} ${SIZE_UNITS[i]}`;
}
