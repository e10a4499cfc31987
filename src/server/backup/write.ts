import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import type { AppConfig } from '../config.ts';
import { APP_VERSION } from '../modules/config/version.ts';
import { ensurePrivateDir, PRIVATE_FILE } from '../storage/private.ts';
import { createStorage } from '../storage/create.ts';
import { LocalStorage } from '../storage/storage.ts';
import { tableSums } from './copy.ts';
import {
  BACKUP_FORMAT,
  backupName,
  DATABASE_ENTRY,
  FILE_LIST_ENTRY,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  type Manifest,
} from './manifest.ts';
import { openSnapshot, snapshotDatabase, sqliteFile } from './snapshot.ts';
import { siteTables } from './tables.ts';

export type BackupConfig = Pick<AppConfig, 'databaseUrl' | 'dbSchema' | 'storage' | 's3' | 'dataDir' | 'backupDir'>;

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/**
 * Writes one backup archive into `dir` while the site keeps serving: the database snapshot first
 * (snapshot.ts), then every stored file (any file the snapshot names was stored before its row was
 * written), then the list of files with their checksums and the manifest. Written under a hidden
 * name and renamed when complete, so a listed backup is always whole.
 */
export async function createBackup(
  config: BackupConfig,
  dir = config.backupDir,
  log: (line: string) => void = () => undefined,
): Promise<BackupResult> {
  const t0 = Date.now();
  ensurePrivateDir(dir);
  const name = await freeName(dir);
  const partial = join(dir, `.${name}.partial`);
  const staging = await mkdtemp(join(dir, '.staging-'));
  try {
    const dbFile = join(staging, 'wenku.db');
    log('正在生成数据库快照…');
    await snapshotDatabase(config, dbFile);
    const { tables, migration } = await describeSnapshot(dbFile);
    log(`数据库快照完成：${Object.keys(tables).length} 张表，${Object.values(tables).reduce((a, t) => a + t.rows, 0)} 行`);

    const pack = tar.pack();
    const written = pipeline(pack as unknown as Readable, createWriteStream(partial, { mode: PRIVATE_FILE, flush: true }));
    const dbInfo = await stat(dbFile);
    const dbSha = await addStream(pack, DATABASE_ENTRY, dbInfo.size, createReadStream(dbFile));
    const storage = createStorage(config);
    const files = { count: 0, bytes: 0, list: [] as string[] };
    if (storage instanceof LocalStorage) {
      const skip = skippedPaths(config);
      for await (const key of storage.keys()) {
        const path = join(storage.root, key);
        if (skip.some((s) => path === s || path.startsWith(s))) continue;
        const added = await addFile(pack, key, path);
        if (!added) continue; // removed since it was listed
        files.count++;
        files.bytes += added.bytes;
        files.list.push(`${added.sha256}  ${added.bytes}  ${key}`);
        if (files.count % 1000 === 0) log(`已备份 ${files.count} 个文件…`);
      }
    } else {
      log(`文件存储 ${config.storage} 是对象存储，不在备份内：请开启存储桶的版本控制，或用 storage migrate 复制到另一个存储桶`);
    }
    const list = Buffer.from(files.list.length ? `${files.list.join('\n')}\n` : '');
    const listSha = await addBuffer(pack, FILE_LIST_ENTRY, list);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: 1,
      created_at: new Date(t0).toISOString(),
      app_version: APP_VERSION,
      migration,
      source: {
        database: sqliteFile(config.databaseUrl) ? 'sqlite' : 'postgres',
        storage: config.storage.replace(/^s3:.*/, 's3'),
      },
      database: { entry: DATABASE_ENTRY, bytes: dbInfo.size, sha256: dbSha, tables },
      files: { included: storage instanceof LocalStorage, count: files.count, bytes: files.bytes, list_sha256: listSha },
      took_ms: Date.now() - t0,
    };
    await addBuffer(pack, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    pack.finalize();
    await written;
    const file = join(dir, name);
    await rename(partial, file);
    const bytes = (await stat(file)).size;
    log(`备份完成：${file}（${bytes} 字节，${files.count} 个文件，用时 ${((Date.now() - t0) / 1000).toFixed(1)} 秒）`);
    return { file, bytes, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** Tables, their counts and checksums, and the migration level of a snapshot file. */
export async function describeSnapshot(file: string): Promise<{ tables: Manifest['database']['tables']; migration: string }> {
  const db = openSnapshot(file);
  try {
    const tables = await tableSums(db, await siteTables(db));
    const last = await db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never, 'desc')
      .executeTakeFirst();
    return { tables, migration: String((last as { name?: string } | undefined)?.name ?? '') };
  } finally {
    await db.destroy();
  }
}

/** A storage folder may hold the data folder: its database files and the backups never go in as files. */
function skippedPaths(config: BackupConfig): string[] {
  const db = sqliteFile(config.databaseUrl);
  return [...(db ? [resolve(db)] : []), resolve(config.backupDir) + sep];
}

/** Two backups started within the same second get distinct names. */
async function freeName(dir: string): Promise<string> {
  const base = backupName();
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : base.replace(/\.tar$/, `-${n}.tar`);
    if (!(await stat(join(dir, name)).catch(() => null))) return name;
  }
}

function addBuffer(pack: tar.Pack, name: string, data: Buffer): Promise<string> {
  return new Promise((done, fail) => {
    pack.entry({ name, size: data.length, mode: PRIVATE_FILE, mtime: new Date() }, data, (err) =>
      err ? fail(err) : done(createHash('sha256').update(data).digest('hex')),
    );
  });
}

function addStream(pack: tar.Pack, name: string, size: number, source: Readable): Promise<string> {
  return new Promise((done, fail) => {
    const hash = createHash('sha256');
    const entry = pack.entry({ name, size, mode: PRIVATE_FILE, mtime: new Date() }, (err) =>
      err ? fail(err) : done(hash.digest('hex')),
    );
    source.on('data', (chunk: Buffer) => hash.update(chunk));
    source.on('error', fail);
    source.pipe(entry as unknown as NodeJS.WritableStream);
  });
}

/** One stored file, its size taken from the open file (a file replaced meanwhile is read whole, old or new). */
async function addFile(pack: tar.Pack, key: string, path: string): Promise<{ sha256: string; bytes: number } | null> {
  const handle = await open(path, 'r').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (!handle) return null;
  const { size } = await handle.stat();
  if (size === 0) {
    await handle.close();
    return { sha256: await addBuffer(pack, `${FILES_PREFIX}${key}`, Buffer.alloc(0)), bytes: 0 };
  }
  const sha256 = await addStream(pack, `${FILES_PREFIX}${key}`, size, handle.createReadStream({ end: size - 1 }));
  return { sha256, bytes: size };
}
