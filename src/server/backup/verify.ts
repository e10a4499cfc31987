import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import tar from 'tar-stream';
import { PRIVATE_FILE } from '../storage/private.ts';
import { DATABASE_ENTRY, FILE_LIST_ENTRY, FILES_PREFIX, MANIFEST_ENTRY, parseFileList, type Manifest } from './manifest.ts';
import { openSnapshot } from './snapshot.ts';
import { describeSnapshot } from './write.ts';

/** Calls `onEntry` for each entry of a backup archive in order; the entry must be read to its end. */
export async function readArchive(file: string, onEntry: (name: string, body: Readable) => Promise<void>): Promise<void> {
  const extract = tar.extract();
  const source = createReadStream(file);
  source.on('error', (err) => extract.destroy(err));
  source.pipe(extract as unknown as NodeJS.WritableStream);
  for await (const entry of extract) {
    if (entry.header.type !== 'file') {
      entry.resume();
      continue;
    }
    await onEntry(entry.header.name, entry as unknown as Readable);
  }
}

export interface Verified {
  manifest: Manifest | null;
  problems: string[];
  files: number;
}

/**
 * Reads a whole backup and checks it against its manifest: every entry's SHA-256 and size, no
 * stored file missing or extra, the database snapshot intact (`PRAGMA quick_check`) with every
 * table's row count and checksum as recorded. The snapshot is written to `databaseTo` (a restore
 * uses it; removed afterwards when not given).
 */
export async function verifyBackup(
  file: string,
  databaseTo: string,
  log: (line: string) => void = () => undefined,
  keepDatabase = false,
): Promise<Verified> {
  const problems: string[] = [];
  const seen = new Map<string, { sha256: string; bytes: number }>();
  let manifestText = '';
  let listText = '';
  try {
    await readArchive(file, async (name, body) => {
      const hash = createHash('sha256');
      let bytes = 0;
      const chunks: Buffer[] = [];
      const keep = name === MANIFEST_ENTRY || name === FILE_LIST_ENTRY;
      body.on('data', (c: Buffer) => {
        hash.update(c);
        bytes += c.length;
        if (keep) chunks.push(c);
      });
      if (name === DATABASE_ENTRY) await pipeline(body, createWriteStream(databaseTo, { mode: PRIVATE_FILE }));
      else await new Promise<void>((done, fail) => body.on('end', done).on('error', fail).resume());
      seen.set(name, { sha256: hash.digest('hex'), bytes });
      if (name === MANIFEST_ENTRY) manifestText = Buffer.concat(chunks).toString();
      if (name === FILE_LIST_ENTRY) listText = Buffer.concat(chunks).toString();
      if (seen.size % 1000 === 0) log(`已核对 ${seen.size} 项…`);
    });
  } catch (err) {
    problems.push(`读取备份失败：${(err as Error).message}`);
  }
  const manifest = parseManifest(manifestText, problems);
  if (manifest) {
    compareFiles(manifest, listText, seen, problems);
    if (seen.has(DATABASE_ENTRY)) await checkDatabase(manifest, databaseTo, seen.get(DATABASE_ENTRY)!, problems);
    else problems.push('缺少数据库快照');
  }
  if (!keepDatabase || problems.length) await rm(databaseTo, { force: true });
  const files = [...seen.keys()].filter((n) => n.startsWith(FILES_PREFIX)).length;
  return { manifest, problems, files };
}

function parseManifest(text: string, problems: string[]): Manifest | null {
  if (!text) {
    problems.push('缺少 manifest.json：备份不完整');
    return null;
  }
  try {
    const m = JSON.parse(text) as Manifest;
    if (m.format !== 'wenku-backup' || m.version !== 1) throw new Error(`不认识的格式 ${m.format} ${m.version}`);
    return m;
  } catch (err) {
    problems.push(`manifest.json 无法读取：${(err as Error).message}`);
    return null;
  }
}

function compareFiles(m: Manifest, listText: string, seen: Map<string, { sha256: string; bytes: number }>, problems: string[]) {
  if (seen.get(FILE_LIST_ENTRY)?.sha256 !== m.files.list_sha256) problems.push('files.sha256 与清单记录的校验和不符');
  const list = parseFileList(listText);
  if (list.size !== m.files.count) problems.push(`文件数不符：清单 ${m.files.count}，列表 ${list.size}`);
  for (const [key, want] of list) {
    const got = seen.get(`${FILES_PREFIX}${key}`);
    if (!got) problems.push(`缺少文件 ${key}`);
    else if (got.sha256 !== want.sha256 || got.bytes !== want.bytes) problems.push(`文件已损坏 ${key}`);
  }
  for (const name of seen.keys())
    if (name.startsWith(FILES_PREFIX) && !list.has(name.slice(FILES_PREFIX.length))) problems.push(`多出未登记的文件 ${name}`);
}

async function checkDatabase(m: Manifest, file: string, got: { sha256: string; bytes: number }, problems: string[]) {
  if (got.sha256 !== m.database.sha256 || got.bytes !== m.database.bytes) {
    problems.push('数据库快照的校验和不符');
    return;
  }
  const db = openSnapshot(file);
  try {
    const { rows } = await sql<{ quick_check: string }>`pragma quick_check`.execute(db);
    if (rows[0]?.quick_check !== 'ok') problems.push(`数据库快照损坏：${rows.map((r) => r.quick_check).join('；')}`);
  } finally {
    await db.destroy();
  }
  const { tables } = await describeSnapshot(file);
  for (const [name, want] of Object.entries(m.database.tables)) {
    const have = tables[name];
    if (!have) problems.push(`数据库快照缺少表 ${name}`);
    else if (have.rows !== want.rows || have.checksum !== want.checksum)
      problems.push(`表 ${name} 与清单不符（${have.rows} 行，清单 ${want.rows} 行）`);
  }
}
