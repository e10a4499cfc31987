import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'wenku-convert-';
const OWNED = new RegExp(`^${PREFIX}(\\d+)-`);

/** A fresh private folder for one conversion, named after this process so that orphans can be found. */
export const makeJobDir = (): Promise<string> => mkdtemp(join(tmpdir(), `${PREFIX}${process.pid}-`));

/** Whether a process of this machine (this PID namespace) still runs. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes job folders left behind by converter processes of this machine that no longer run (killed, crashed). */
export async function removeOrphanJobDirs(): Promise<number> {
  let removed = 0;
  for (const name of await readdir(tmpdir()).catch(() => [])) {
    const pid = Number(OWNED.exec(name)?.[1] ?? 0);
    if (!pid || pid === process.pid || alive(pid)) continue;
    await rm(join(tmpdir(), name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

// what a file name may not hold (Linux, and Windows for a name a field shows): separators, controls, reserved marks
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;
const MAX_NAME_CHARS = 80;

/**
 * The name the original gets in the job folder: the document's title (a Word FILENAME field shows it, as
 * it showed the uploader's file name) with the extension; `document` when the title leaves nothing usable.
 */
export function sourceFileName(title: string | undefined, ext: string): string {
  const base = [
    ...(title ?? '')
      .replace(UNSAFE_IN_NAME, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^[.\-\s]+/, ''),
  ]
    .slice(0, MAX_NAME_CHARS)
    .join('')
    .trim();
  return `${base || 'document'}${ext}`;
}
