import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

/**
 * Owner-only modes for what Wenku keeps on disk: the data folder holds the database, whose
 * `secrets` table holds the JWT secret, and the uploaded files. Nobody else on the machine reads them.
 */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** Tightens `path` to `mode` when group or others have more; a missing path is left alone. */
export function tighten(path: string, mode: number): void {
  let current: number;
  try {
    current = statSync(path).mode & 0o777;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if ((current & ~mode) === 0) return;
  try {
    chmodSync(path, mode);
  } catch (err) {
    // not ours to change (another owner): say so, the server still runs
    console.warn(`[wenku] 无法收紧 ${path} 的权限为 ${mode.toString(8)}：${(err as Error).message}`);
  }
}

/** Creates `dir` (and missing parents) owner-only; an existing one open to others is tightened. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  tighten(dir, PRIVATE_DIR);
}

/**
 * Creates `file` empty and owner-only unless it exists; an existing one open to others is tightened.
 * An existing file is never opened: closing any descriptor of a file drops every POSIX lock this
 * process holds on it, and SQLite keeps its WAL read lock that way. A second connection opened
 * after the first (the settings connection) then left the server without its lock, and the next
 * process to close the database deleted the `-wal` the server was still writing to.
 */
export function ensurePrivateFile(file: string): void {
  try {
    // exclusive: only a file that did not exist is opened here, and nobody can hold a lock on it yet
    closeSync(openSync(file, 'wx', PRIVATE_FILE));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  tighten(file, PRIVATE_FILE);
}
