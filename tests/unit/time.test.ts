import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDatetime, relativeTime, setTimeZone, timeZone, toDayjsFormat } from '../../src/domain/time.ts';

const NOW = new Date('2024-06-15T12:00:00').getTime();
const ago = (seconds: number) => new Date(NOW - seconds * 1000);

afterEach(() => {
  vi.useRealTimers();
  setTimeZone('');
});

/** An instant given as its Asia/Shanghai wall clock (UTC+8, no daylight saving). */
const shanghai = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(Date.UTC(y, mo - 1, d, h - 8, mi, s));

describe('relativeTime', () => {
  it('says 刚刚 for empty, invalid, future and under a minute', () => {
    expect(relativeTime('', NOW)).toBe('刚刚');
    expect(relativeTime(null, NOW)).toBe('刚刚');
    expect(relativeTime('not a date', NOW)).toBe('刚刚');
    expect(relativeTime(ago(-3600), NOW)).toBe('刚刚');
    expect(relativeTime(ago(59), NOW)).toBe('刚刚');
  });

  it('counts minutes, hours and days', () => {
    expect(relativeTime(ago(60), NOW)).toBe('1 分钟前');
    expect(relativeTime(ago(59 * 60 + 59), NOW)).toBe('59 分钟前');
    expect(relativeTime(ago(3600), NOW)).toBe('1 小时前');
    expect(relativeTime(ago(23 * 3600), NOW)).toBe('23 小时前');
    expect(relativeTime(ago(86400), NOW)).toBe('1 天前');
    expect(relativeTime(ago(29 * 86400), NOW)).toBe('29 天前');
  });

  it('counts months of 30 days and years from 12 months on', () => {
    expect(relativeTime(ago(30 * 86400), NOW)).toBe('1 月前');
    expect(relativeTime(ago(359 * 86400), NOW)).toBe('11 月前');
    expect(relativeTime(ago(360 * 86400), NOW)).toBe('1 年前');
    expect(relativeTime(ago(800 * 86400), NOW)).toBe('2 年前');
  });

  it('uses the current time by default and accepts RFC 3339 strings', () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    expect(relativeTime(new Date(NOW - 5 * 60_000).toISOString())).toBe('5 分钟前');
  });
});

describe('formatDatetime', () => {
  it('formats with a 24-hour clock by default', () => {
    expect(formatDatetime('2024-05-01T22:20:30')).toBe('2024-05-01 22:20:30');
    expect(formatDatetime(shanghai(2024, 1, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
  });

  it("accepts the spec's pattern style", () => {
    expect(toDayjsFormat('yyyy-MM-dd hh:mm:ss')).toBe('YYYY-MM-DD HH:mm:ss');
    expect(formatDatetime('2024-05-01T22:20:30', 'yyyy-MM-dd hh:mm:ss')).toBe('2024-05-01 22:20:30');
    expect(formatDatetime('2024-05-01T22:20:30', 'MM-dd')).toBe('05-01');
  });

  it("shows '-' for empty or invalid values", () => {
    expect(formatDatetime('')).toBe('-');
    expect(formatDatetime(undefined)).toBe('-');
    expect(formatDatetime('garbage')).toBe('-');
    expect(formatDate(null)).toBe('-');
  });

  it('formats dates only', () => {
    expect(formatDate('2024-05-01T22:20:30')).toBe('2024-05-01');
  });

  it('reads small numbers as Unix seconds and large ones as milliseconds', () => {
    const ms = shanghai(2024, 5, 1, 8).getTime();
    expect(formatDatetime(ms)).toBe('2024-05-01 08:00:00');
    expect(formatDatetime(ms / 1000)).toBe('2024-05-01 08:00:00');
  });
});

describe('the site time zone', () => {
  it('prints every time in the site zone, Asia/Shanghai by default, whatever the machine zone', () => {
    expect(timeZone()).toBe('Asia/Shanghai');
    expect(formatDatetime('2024-05-01T16:30:00Z')).toBe('2024-05-02 00:30:00');
    setTimeZone('Europe/London');
    expect(formatDatetime('2024-05-01T16:30:00Z')).toBe('2024-05-01 17:30:00');
    expect(formatDatetime('2024-01-01T16:30:00Z')).toBe('2024-01-01 16:30:00');
  });

  it('reads zone-less strings as the wall clock of the site zone', () => {
    setTimeZone('America/New_York');
    expect(formatDatetime('2024-07-04 09:15:00')).toBe('2024-07-04 09:15:00');
    // 09:15 in New York (summer, UTC-4) is 13:15 UTC
    expect(relativeTime('2024-07-04 09:15:00', Date.UTC(2024, 6, 4, 14, 15))).toBe('1 小时前');
  });

  it('falls back to the default for an empty or unknown zone', () => {
    setTimeZone('Mars/Olympus');
    expect(timeZone()).toBe('Asia/Shanghai');
  });
});
