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
