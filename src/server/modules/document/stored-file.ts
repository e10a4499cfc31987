import type { AppContext } from '../../context.ts';
import { coverKey, originalKey, pageKey } from '../../convert/keys.ts';
import type { Database } from '../../db/db.ts';
import { dropUnusedFile } from '../attachment/attachment.sweep.ts';
import { RecycleRepo } from './recycle.repo.ts';

/**
 * A document file in storage, content-addressed by its md5: the original upload and what conversion
 * made of it (pages, cover, page texts). Documents and attachments with the same content share it.
 */
export interface StoredFile {
  hash: string;
  ext: string;
  /** how many pages were rendered (the larger of pages and preview) */
  pages: number;
}

/**
 * Of `files`, those nothing refers to any more once the caller's transaction commits (no document, in
 * the recycle bin or not, and no live attachment has the hash); their page texts go in that
 * transaction. The caller removes the files after the commit (removeStoredFiles): a rollback must
 * not have lost them.
 */
export async function unusedFiles(trx: Database, files: StoredFile[]): Promise<StoredFile[]> {
  if (!files.length) return [];
  const bin = new RecycleRepo(trx);
  const used = await bin.usedHashes([...new Set(files.map((f) => f.hash))]);
  const orphans = new Map<string, StoredFile>();
  for (const f of files) if (!used.has(f.hash) && !orphans.has(f.hash)) orphans.set(f.hash, f);
  if (orphans.size) await bin.deletePageTexts([...orphans.keys()]);
  return [...orphans.values()];
}

/**
 * Removes files unusedFiles found, after the commit. The original goes through dropUnusedFile: an
 * identical upload recording its row meanwhile keeps it (and then the pages stay too).
 */
export async function removeStoredFiles(ctx: Pick<AppContext, 'repos' | 'storage'>, files: StoredFile[]): Promise<void> {
  for (const f of files) {
    if (!(await dropUnusedFile(ctx, f.hash, originalKey(f.hash, f.ext)))) continue;
    const keys = [coverKey(f.hash)];
    for (let n = 1; n <= f.pages; n++) keys.push(pageKey(f.hash, n, true), pageKey(f.hash, n, false));
    await Promise.all(keys.map((k) => ctx.storage.remove(k)));
  }
}
