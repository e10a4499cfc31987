import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, chmod, copyFile, link, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR, PRIVATE_FILE } from './private.ts';
import { syncDir, syncFile } from './sync.ts';
import { TempDir, cleanTempDir } from './temp.ts';

/** Where uploaded and generated files live. Keys are relative POSIX paths such as `uploads/a/b/c/d/e/<md5>.png`. */
export interface Storage {
  /** Small generated files (pages, covers), written whole; with `names`, its new name is durable once `names.sync()` is. */
  put(key: string, data: Buffer, names?: NameSync): Promise<void>;
  /** A new, unique local path to write an incoming file to before `putFile` stores it. */
  tempPath(): Promise<string>;
  /** Stores a finished file written at a `tempPath()`, replacing any file at `key` in one step; the temp file is gone afterwards. */
  putFile(key: string, tempPath: string, names?: NameSync): Promise<void>;
  /** Stores a copy of the finished local file at `path` at `key`, replacing any file there in one step; `path` stays. */
  storeCopy(key: string, path: string): Promise<void>;
  /** Stores a stream of any size at `key`, replacing any file there in one step. */
  putStream(key: string, data: Readable): Promise<void>;
  /** Moves the file at `key` out of sight to a temp path (null when there is none), to be dropped or put back with `putFile`. */
  takeOut(key: string): Promise<string | null>;
  /** Removes temp files older than `olderThanMs` — leftovers of a crash mid-upload. Returns how many went. */
  cleanTemp(olderThanMs: number, now?: number): Promise<number>;
  exists(key: string): Promise<boolean>;
  read(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  /** A short-lived URL that serves `key` straight from the store, or null when the store has none (local disk). */
  presign(key: string, opts: PresignOptions): Promise<string | null>;
  /** Throws when the store cannot be used (for /readyz). */
  check(): Promise<void>;
}

/** Response headers a pre-signed URL makes the store send, and how long it stays valid. */
export interface PresignOptions {
  expiresIn: number;
  contentType?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  cacheControl?: string;
}

/**
 * The names of many stored files made durable together: a file put with it is whole on disk when
 * `put` returns, and its new name once `sync()` has (each folder synced once, not once per file: a
 * converted document's 100 pages are 100 renames into one folder; syncing it after each cost 45–80
 * ms of a 0.45 s conversion, docs/performance.md). A store without folders (S3) has nothing to sync.
 */
export class NameSync {
  private readonly folders = new Set<string>();

  add(folder: string): void {
    this.folders.add(folder);
  }

  /** A file was put into `folder` since the last sync: the folder exists. */
  has(folder: string): boolean {
    return this.folders.has(folder);
  }

  async sync(): Promise<void> {
    const folders = [...this.folders];
    this.folders.clear();
    await Promise.all(folders.map(syncDir));
  }
}

/** Temp files live inside the storage root, so that storing one is a rename on the same file system. */
const TEMP_DIR = '.tmp';

export class LocalStorage implements Storage {
  readonly root: string;
  private readonly temp: TempDir;
  constructor(root: string) {
    this.root = resolve(root);
    this.temp = new TempDir(join(this.root, TEMP_DIR));
  }

  private pathOf(key: string): string {
    const p = normalize(join(this.root, key));
    if (!p.startsWith(this.root + sep) || p.startsWith(this.temp.dir + sep)) throw new Error(`invalid storage key: ${key}`);
    return p;
  }

  async put(key: string, data: Buffer, names?: NameSync): Promise<void> {
    const tmp = await this.tempPath();
    try {
      await writeFile(tmp, data, { mode: PRIVATE_FILE });
      await this.putFile(key, tmp, names);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  tempPath(): Promise<string> {
    return this.temp.path();
  }

  /**
   * The file's bytes reach the disk before it is renamed into place, and the rename before this
   * returns (with `names`: once `names.sync()` has): a write answered 200 points at a whole file
   * after a power cut too.
   */
  async putFile(key: string, tempPath: string, names?: NameSync): Promise<void> {
    const p = this.pathOf(key);
    // owner-only, like the data folder (storage may live elsewhere)
    if (!names?.has(dirname(p))) await mkdir(dirname(p), { recursive: true, mode: PRIVATE_DIR });
    // whoever wrote the temp file (an upload stream too), the stored file is owner-only
    await chmod(tempPath, PRIVATE_FILE);
    await syncFile(tempPath);
    try {
      // rename is atomic: a reader sees the old file or the new one, never half a file
      await rename(tempPath, p);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // a temp path on another file system: copy next to the target, then rename
      const near = `${p}.${randomUUID()}.tmp`;
      try {
        await copyFile(tempPath, near);
        await syncFile(near);
        await rename(near, p);
      } finally {
        await rm(near, { force: true });
      }
      await rm(tempPath, { force: true });
    }
    if (names) names.add(dirname(p));
    else await syncDir(dirname(p));
  }

  async storeCopy(key: string, path: string): Promise<void> {
    // a second name for the same bytes in the temp folder (same file system), then moved into place
    const second = await this.tempPath();
    try {
      await link(path, second);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await copyFile(path, second);
    }
    try {
      await this.putFile(key, second);
    } finally {
      await rm(second, { force: true });
    }
  }

  async putStream(key: string, data: Readable): Promise<void> {
    const tmp = await this.tempPath();
    try {
      await pipeline(data, createWriteStream(tmp, { mode: PRIVATE_FILE }));
      await this.putFile(key, tmp);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async takeOut(key: string): Promise<string | null> {
    const tmp = await this.tempPath();
    try {
      await rename(this.pathOf(key), tmp);
      return tmp;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  cleanTemp(olderThanMs: number, now = Date.now()): Promise<number> {
    return cleanTempDir(this.temp.dir, olderThanMs, now);
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

  async presign(): Promise<string | null> {
    return null;
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true, mode: PRIVATE_DIR });
    await access(this.root, constants.W_OK);
  }

  toString(): string {
    return `local:${this.root}`;
  }

  /** Every stored key (temp files left out), for `storage migrate`. */
  async *keys(dir = this.root): AsyncGenerator<string> {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (p !== this.temp.dir) yield* this.keys(p);
      } else if (e.isFile()) yield relative(this.root, p).split(sep).join('/');
    }
  }
}

/** moredoc's layout: the first five hex characters of the md5 as nested folders. */
export const hashKey = (prefix: string, md5: string, ext: string): string =>
  `${prefix}/${md5.slice(0, 5).split('').join('/')}/${md5}${ext}`;
