import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Removes entries of `dir` older than `olderThanMs`; returns how many went. */
export async function cleanTempDir(dir: string, olderThanMs: number, now: number): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const p = join(dir, name);
    const info = await stat(p).catch(() => null);
    if (info && now - info.mtimeMs > olderThanMs) {
      await rm(p, { force: true, recursive: true });
      removed++;
    }
  }
  return removed;
}
