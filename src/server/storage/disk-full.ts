/** What a user is told when the server's disk (or quota) is full: nothing of the request was kept. */
export const DISK_FULL = '服务器存储空间已满，本次操作未能保存，请稍后再试或联系网站管理员';
/** A conversion that ran out of space: the admin frees space and converts it again. */
export const DISK_FULL_CONVERT = '服务器存储空间不足，文档转换未完成；释放空间后可在后台重新转换';

/** SQLite's SQLITE_FULL (13; extended codes keep it in the low byte). */
const SQLITE_FULL = 13;

/** Whether `err` means no space was left: the file system, a quota, or the SQLite database. */
export function isDiskFull(err: unknown): boolean {
  const e = err as { code?: string; errcode?: number } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
  return e.code === 'ERR_SQLITE_ERROR' && ((e.errcode ?? 0) & 0xff) === SQLITE_FULL;
}
