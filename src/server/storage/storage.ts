import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { PRIVATE_DIR, PRIVATE_FILE } from './private.ts';

/** Where uploaded and generated files live. Keys are relative POSIX paths such as `uploads/a/b/c/d/e/<md5>.png`. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  read(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

export class LocalStorage implements Storage {
  readonly root: string;
  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    const p = normalize(join(this.root, key));
    if (!p.startsWith(this.root + sep)) throw new Error(`invalid storage key: ${key}`);
    return p;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const p = this.pathOf(key);
    // owner-only, like the data folder (storage may live elsewhere)
    await mkdir(dirname(p), { recursive: true, mode: PRIVATE_DIR });
    // write then rename, so a reader never sees half a file
    const tmp = `${p}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, data, { mode: PRIVATE_FILE });
    await rename(tmp, p);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async read(key: string): Promise<Readable | null> {
    if (!(await this.exists(key))) return null;
    return createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch(() => undefined);
  }
}

export function createStorage(spec: string): Storage {
  if (spec.startsWith('local:')) return new LocalStorage(spec.slice('local:'.length));
  throw new Error(`不支持的存储配置 STORAGE=${spec}（当前版本支持 local:<目录>）`);
}

/** moredoc's layout: the first five hex characters of the md5 as nested folders. */
export const hashKey = (prefix: string, md5: string, ext: string): string =>
  `${prefix}/${md5.slice(0, 5).split('').join('/')}/${md5}${ext}`;
