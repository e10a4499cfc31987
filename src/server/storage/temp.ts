import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { PRIVATE_DIR } from './private.ts';

/**
 * Temp names carry the host and the process that writes them (`<host>.<pid>.<uuid>`), so that what a
 * killed process left behind is recognised as such at once, while the files of live processes
 * (a worker storing pages, another command) are left alone.
 */
const HOST = hostname().replace(/[^A-Za-z0-9-]/g, '_');
const OWN_PREFIX = `${HOST}.`;

/** The private folder of a storage's temporary files (uploads on their way in, files taken out), made on first use. */
export class TempDir {
  readonly dir: string;
  private ready: Promise<unknown> | null = null;
  constructor(dir: string) {
    this.dir = dir;
  }

  /** A new file name in the folder: random, so two requests storing the same content at the same moment never share one. */
  async path(): Promise<string> {
    this.ready ??= mkdir(this.dir, { recursive: true, mode: PRIVATE_DIR }).catch((err: unknown) => {
      this.ready = null;
      throw err;
    });
    await this.ready;
    return join(this.dir, `${OWN_PREFIX}${process.pid}.${randomUUID()}`);
  }
}

/** Whether process `pid` of this machine is running (a process of another user counts as running). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the temp file `name` was written by a process of this machine that is no longer running. */
export function leftByDeadProcess(name: string): boolean {
  if (!name.startsWith(OWN_PREFIX)) return false;
  const pid = Number(name.slice(OWN_PREFIX.length).split('.')[0]);
  return Number.isInteger(pid) && pid > 0 && !running(pid);
}

/**
 * Removes entries of `dir` left by processes of this machine that have ended, and any entry older
 * than `olderThanMs` (another machine's, or one from before temp names carried their process);
 * returns how many went.
 */
export async function cleanTempDir(dir: string, olderThanMs: number, now: number): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const p = join(dir, name);
    const info = await stat(p).catch(() => null);
    if (info && (leftByDeadProcess(name) || now - info.mtimeMs > olderThanMs)) {
      await rm(p, { force: true, recursive: true });
      removed++;
    }
  }
  return removed;
}
