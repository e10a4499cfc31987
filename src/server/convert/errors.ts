import { DISK_FULL_CONVERT, isDiskFull } from '../storage/disk-full.ts';

/** A conversion failure whose message is shown to users as the document's `convert_error` (Chinese, readable). */
export class ConvertError extends Error {
  override name = 'ConvertError';
}

/**
 * The document itself is unsafe to convert (a zip bomb, over the memory/CPU/time limits, crashed the
 * converter repeatedly): it fails and is not re-queued by “reconvert all failed”, only when picked by id.
 */
export class ConvertRefused extends ConvertError {
  override name = 'ConvertRefused';
}

/** The worker was stopped while converting: the job goes back to the queue, it did not fail. */
export class ConvertAborted extends Error {
  override name = 'ConvertAborted';
}

const MAX_REASON = 500;

/** SQLite's "database is locked"/"busy" (primary codes 5 and 6, extended codes keep them in the low byte). */
const SQLITE_BUSY_CODES = new Set([5, 6]);

/**
 * Whether `err` says nothing about the document: the database was busy or unreachable for a moment.
 * Such a job goes back to the queue instead of failing the document.
 */
export function isPassingTrouble(err: unknown): boolean {
  const e = err as { code?: string; errcode?: number } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code === 'ERR_SQLITE_ERROR') return SQLITE_BUSY_CODES.has((e.errcode ?? 0) & 0xff);
  // PostgreSQL: the connection went away or the server is starting/stopping
  return ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001'].includes(e.code ?? '');
}

/** The text stored in `convert_error` for any error thrown while converting. */
export function failureReason(err: unknown): string {
  if (err instanceof ConvertError) return err.message.slice(0, MAX_REASON);
  if (isDiskFull(err)) return DISK_FULL_CONVERT;
  const msg = err instanceof Error ? err.message : String(err);
  return `文档转换失败：${msg}`.slice(0, MAX_REASON);
}
