import { createReadStream, createWriteStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGunzip, createGzip } from 'node:zlib';
import { hashDir } from '../../convert/keys.ts';
import { hashKey, type Storage } from '../../storage/storage.ts';
import type { ImportContext } from './context.ts';
import { derivedFiles, PAGE_FILE } from './pages.ts';
import { int, str, type Row } from './source.ts';
import type { ImportState } from './state.ts';

/** moredoc's content-addressed file paths; nothing else is copied (no path leaves the two folders). */
const FILE_KEY = /^(documents|uploads)\/(?:[0-9a-f]\/){5}[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

/** `/uploads/a/b/c/d/e/<md5>.png` (or `./uploads/…`) → the storage key, null for anything else. */
export function fileKey(path: string): string | null {
  const key = path
    .trim()
    .replace(/^[./]+/, '')
    .split(/[?#]/)[0]
    .toLowerCase();
  return FILE_KEY.test(key) ? key : null;
}

/** Streams into storage without holding the file in memory: written to a storage temp file, then stored in one step. */
async function putStream(storage: Storage, key: string, body: Readable): Promise<void> {
  const tmp = await storage.tempPath();
  try {
    await pipeline(body, createWriteStream(tmp));
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  await storage.putFile(key, tmp);
}

const exists = async (p: string) => (await stat(p).catch(() => null))?.isFile() ?? false;

export type CopyResult = 'copied' | 'present' | 'missing';

/**
 * Copies one file from the moredoc folder into storage unless storage has it. moredoc's
 * `.gzip.svg` pages are gzip streams without their end (no final block or trailer); they are
 * decompressed leniently and written as complete gzip files.
 */
export async function copyFile(ctx: ImportContext, key: string): Promise<CopyResult> {
  if (await ctx.storage.exists(key)) return 'present';
  const src = join(ctx.opts.files, key);
  if (!(await exists(src))) return 'missing';
  if (ctx.opts.dryRun) return 'copied';
  if (key.endsWith('.gzip.svg')) {
    const repaired = createReadStream(src)
      .pipe(createGunzip({ finishFlush: constants.Z_SYNC_FLUSH }))
      .pipe(createGzip({ level: 9 }));
    try {
      await putStream(ctx.storage, key, repaired);
      return 'copied';
    } catch {
      ctx.report.problem('页面文件已损坏', `${key} 无法解压，按原样复制`);
    }
  }
  await putStream(ctx.storage, key, createReadStream(src));
  return 'copied';
}

/** The original's key of a document attachment, or of any other upload. */
function attachmentKey(r: Row): string | null {
  const own = fileKey(str(r, 'path'));
  if (own) return own;
  const hash = str(r, 'hash').toLowerCase();
  const ext = str(r, 'ext').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hash) || !/^\.[a-z0-9]{1,8}$/.test(ext)) return null;
  return hashKey(int(r, 'type') === 2 ? 'documents' : 'uploads', hash, ext);
}

/** Rendered pages and the cover of a file (cover.big.png and the legacy content.txt stay behind). */
async function copyDerived(ctx: ImportContext, hash: string, tally: (r: CopyResult) => void): Promise<void> {
  for (const name of await derivedFiles(ctx.opts.files, hash)) {
    if (name === 'cover.png' || PAGE_FILE.test(name)) tally(await copyFile(ctx, `${hashDir(hash)}/${name}`));
  }
}

/**
 * Every attachment's file (documents: the original, its pages and cover), by attachment id so an
 * interrupted copy resumes; then files that rows point at by path (avatars, banners, category
 * images, config images, article media), which may have lost their attachment row.
 */
export async function copyFiles(ctx: ImportContext, state: ImportState): Promise<void> {
  const count = ctx.report.step('files', '文件');
  count.checked = true;
  count.earlier = state.get('files').rows;
  const seen = new Set<string>();
  const tally = (r: CopyResult) => {
    count.found++;
    if (r === 'copied') count.copied++;
  };
  for await (const rows of ctx.source.batches('attachment', state.get('files').lastId, ctx.batchSize)) {
    const before = count.copied;
    for (const r of rows) {
      const key = attachmentKey(r);
      const live = r.deleted_at === null || r.deleted_at === undefined;
      if (!key) {
        if (live)
          ctx.report.problem(
            '附件路径无效',
            `附件 ${int(r, 'id')}「${str(r, 'name')}」的路径「${str(r, 'path')}」不是 moredoc 的文件路径，未复制`,
          );
        continue;
      }
      const result = await copyFile(ctx, key);
      // a deleted attachment's file may have been cleaned up already: that is no problem
      if (result === 'missing' && live) ctx.report.problem('缺少文件', `附件 ${int(r, 'id')}「${str(r, 'name')}」：${key}`);
      if (result !== 'missing') tally(result);
      const hash = str(r, 'hash').toLowerCase();
      if (int(r, 'type') === 2 && !seen.has(hash)) {
        seen.add(hash);
        await copyDerived(ctx, hash, tally);
      }
    }
    if (!ctx.opts.dryRun) {
      const s = state.get('files');
      await ctx.db
        .transaction()
        .execute((trx) =>
          state.save(trx, 'files', { lastId: int(rows[rows.length - 1], 'id'), rows: s.rows + count.copied - before }),
        );
    }
    ctx.report.progress(`  文件：已检查 ${count.found}，复制 ${count.copied}`);
  }
  for (const path of await referencedPaths(ctx)) {
    const key = fileKey(path);
    if (!key) continue;
    const result = await copyFile(ctx, key);
    if (result === 'missing') ctx.report.problem('缺少文件', `被引用的 ${path} 不在 moredoc 目录中`);
    else tally(result);
  }
}

const UPLOAD_SRC = /\/uploads\/(?:[0-9a-f]\/){5}[0-9a-f]{32}\.[a-z0-9]{1,8}/gi;

/** `/uploads/…` paths that moredoc rows point at directly. */
async function referencedPaths(ctx: ImportContext): Promise<Set<string>> {
  const s = ctx.source;
  const out = new Set<string>();
  const add = (v: unknown) => {
    for (const m of String(v ?? '').matchAll(UPLOAD_SRC)) out.add(m[0]);
  };
  const from = async (table: string, sqlText: (t: string) => string, cols: string[]) => {
    if (!(await s.hasTable(table))) return;
    for (const r of await s.query(sqlText(s.table(table)))) cols.forEach((c) => add(r[c]));
  };
  await from('user', (t) => `select avatar from ${t} where avatar like '%/uploads/%'`, ['avatar']);
  await from('banner', (t) => `select path from ${t}`, ['path']);
  await from('category', (t) => `select icon, cover, description from ${t}`, ['icon', 'cover', 'description']);
  await from('config', (t) => `select value from ${t} where value like '%/uploads/%'`, ['value']);
  await from('advertisement', (t) => `select content from ${t} where content like '%/uploads/%'`, ['content']);
  if (!(await s.hasTable('article'))) return out;
  let last = 0;
  for (;;) {
    const rows = await s.query(
      `select id, content from ${s.table('article')} where id > ? and content like '%/uploads/%' order by id limit 200`,
      [last],
    );
    rows.forEach((r) => add(r.content));
    if (rows.length < 200) break;
    last = int(rows[rows.length - 1], 'id');
  }
  return out;
}
