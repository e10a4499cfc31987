import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

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

/** The data folder when the served site is inside it: others may pass through it (x), never list or read it. */
export const PASS_THROUGH_DIR = 0o711;
/** The built site: public pages, readable by the front proxy's workers (www-data, caddy). */
export const PUBLIC_DIR = 0o755;

const inside = (path: string, dir: string) => relative(dir, path) !== '' && !relative(dir, path).startsWith('..');

/**
 * The data folder (database, uploads, secrets) stays closed to other users. When the built site the
 * server serves lives inside it (the default `data/site`), a front proxy reading `/_astro/` from it
 * (docs/deploy-proxy.md; nginx's workers run as www-data, Caddy as caddy) must pass through: the data
 * folder is then 0711 (others may traverse it, not list it; every file in it but the site is 0600 and
 * every folder 0700), and the site's folder is made 0755.
 */
export function ensureDataDirs(dataDir: string, siteRoot: string): void {
  ensurePrivateDir(dataDir);
  if (!inside(siteRoot, dataDir)) return;
  setMode(dataDir, PASS_THROUGH_DIR);
  // the folders between the data folder and the site, and the site's own
  let at = dataDir;
  for (const part of relative(dataDir, siteRoot).split(sep)) {
    at = join(at, part);
    mkdirSync(at, { recursive: true, mode: PUBLIC_DIR });
    setMode(at, PUBLIC_DIR);
  }
}

function setMode(path: string, mode: number): void {
  if ((statSync(path).mode & 0o777) === mode) return;
  try {
    chmodSync(path, mode);
  } catch (err) {
    console.warn(`[wenku] 无法把 ${path} 的权限设为 ${mode.toString(8)}：${(err as Error).message}`);
  }
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
