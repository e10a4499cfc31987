import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_DIR } from './private.ts';

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
    return join(this.dir, randomUUID());
  }
}

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
