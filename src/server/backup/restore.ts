import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AppConfig } from '../config.ts';
import { migrate, openDatabase, type Database } from '../db/db.ts';
import { dialectOf } from '../db/dialect.ts';
import { reindexAll } from '../search/indexer.ts';
import { ensurePrivateDir, tighten, PRIVATE_FILE } from '../storage/private.ts';
import { createStorage } from '../storage/create.ts';
import { LocalStorage } from '../storage/storage.ts';
import { copySite } from './copy.ts';
import { FILES_PREFIX } from './manifest.ts';
import { openSnapshot, sqliteFile } from './snapshot.ts';
import { countTable, siteTables } from './tables.ts';
import { readArchive, verifyBackup } from './verify.ts';

export type RestoreConfig = Pick<AppConfig, 'databaseUrl' | 'dbSchema' | 'storage' | 's3' | 'dataDir'>;

/** The tables named when a target holds data, with the words an operator knows them by. */
const NAMED = { users: '用户', documents: '文档', articles: '文章', attachments: '附件', orders: '订单' } as const;

/** What the target database already holds, as lines to show; empty when there is nothing to overwrite. */
export async function databaseContents(db: Database): Promise<string[]> {
  const tables = await siteTables(db);
  const lines: string[] = [];
  let rows = 0;
  for (const t of tables) rows += await countTable(db, t.name);
  if (!tables.length) return [];
  const named: string[] = [];
  for (const [table, label] of Object.entries(NAMED))
    if (tables.some((t) => t.name === table)) named.push(`${label} ${await countTable(db, table)}`);
  lines.push(`${tables.length} 张表、${rows} 行（${named.join('、')}）`);
  return lines;
}

/** Files already in a local storage folder (the first few names and how many), empty when none. */
async function storageContents(config: RestoreConfig): Promise<string[]> {
  const storage = createStorage(config);
  if (!(storage instanceof LocalStorage)) return [];
  let n = 0;
  for await (const _ of storage.keys()) n++;
  return n ? [`文件存储 ${storage.root} 已有 ${n} 个文件（同名文件将被覆盖）`] : [];
}

/** What a restore would overwrite: lines naming the database and the files there now. */
export async function restoreTargetContents(config: RestoreConfig): Promise<string[]> {
  const lines: string[] = [];
  const file = sqliteFile(config.databaseUrl);
  if (!file || existsSync(file)) {
    const db = openDatabase(config.databaseUrl, { schema: config.dbSchema });
    try {
      const what = await databaseContents(db);
      const label = file ? `SQLite 数据库 ${file}` : `PostgreSQL 数据库${config.dbSchema ? `（schema ${config.dbSchema}）` : ''}`;
      lines.push(...what.map((w) => `${label} 已有 ${w}`));
    } finally {
      await db.destroy();
    }
  }
  lines.push(...(await storageContents(config)));
  return lines;
}

export interface RestoreOptions {
  force?: boolean;
  log?: (line: string) => void;
}

/**
 * Restores a backup onto this configuration's database and storage. Refuses a target that holds
 * data unless `force`, naming what is there. The whole archive is verified first; then the files
 * are stored, and the database goes in last: a SQLite file that did not exist is the snapshot itself
 * (moved into place), any other target receives every row in one transaction (copy.ts) and its
 * search index rebuilt.
 */
export async function restoreBackup(config: RestoreConfig, archive: string, opts: RestoreOptions = {}): Promise<void> {
  const log = opts.log ?? (() => undefined);
  const present = await restoreTargetContents(config);
  if (present.length && !opts.force)
    throw new Error(`目标不是空的，恢复会覆盖：\n  ${present.join('\n  ')}\n确认覆盖请加 --force`);
  const file = sqliteFile(config.databaseUrl);
  const stagingParent = file ? dirname(file) : config.dataDir;
  ensurePrivateDir(stagingParent);
  const staging = await mkdtemp(join(stagingParent, '.restore-'));
  try {
    const snapshot = join(staging, 'wenku.db');
    log('正在核对备份…');
    const checked = await verifyBackup(archive, snapshot, log, true);
    if (checked.problems.length) throw new Error(`备份核对失败，未做任何改动：\n  ${checked.problems.slice(0, 20).join('\n  ')}`);
    log(`备份完好：${checked.manifest!.created_at}，${checked.files} 个文件`);
    await restoreFiles(config, archive, log);
    const fresh = openSnapshot(snapshot);
    try {
      await migrate(fresh); // a backup of an older version is brought up to this code's level
    } finally {
      await fresh.destroy();
    }
    if (file && !existsSync(file) && checked.manifest!.source.database === 'sqlite') {
      await rename(snapshot, file);
      tighten(file, PRIVATE_FILE);
      log(`数据库已恢复：${file}`);
      return;
    }
    await restoreRows(config, snapshot, log);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function restoreFiles(config: RestoreConfig, archive: string, log: (line: string) => void): Promise<void> {
  const storage = createStorage(config);
  let n = 0;
  await readArchive(archive, async (name, body) => {
    if (!name.startsWith(FILES_PREFIX)) {
      body.resume();
      await new Promise((done) => body.on('end', done));
      return;
    }
    await storage.putStream(name.slice(FILES_PREFIX.length), body);
    if (++n % 1000 === 0) log(`已恢复 ${n} 个文件…`);
  });
  log(`文件已恢复：${n} 个`);
}

async function restoreRows(config: RestoreConfig, snapshot: string, log: (line: string) => void): Promise<void> {
  const source = openSnapshot(snapshot);
  const target = openDatabase(config.databaseUrl, { schema: config.dbSchema });
  try {
    await migrate(target, config.dbSchema);
    log(`正在写入数据库（${dialectOf(target) === 'postgres' ? 'PostgreSQL' : 'SQLite'}，一个事务）…`);
    const copied = await copySite(source, target, { log });
    log(`数据库已恢复：${copied.rows} 行，各表行数与校验和一致`);
    await rebuildSearch(target, log);
  } finally {
    await source.destroy();
    await target.destroy();
  }
}

/** Rebuilds the full-text index of a copied site, with progress. */
export async function rebuildSearch(db: Database, log: (line: string) => void): Promise<void> {
  log('正在重建搜索索引…');
  let last = 0;
  const n = await reindexAll(db, (done, total) => {
    if (done - last >= 10_000 || done === total) {
      last = done;
      log(`  搜索索引：${done}/${total}`);
    }
  });
  log(`搜索索引已重建：${n} 项`);
}
