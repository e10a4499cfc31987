import { rm } from 'node:fs/promises';
import type { AppContext } from '../../context.ts';
import { every } from '../../periodic.ts';
import { ATTACHMENT_TYPE } from '../../../contract/upload.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

type SweepContext = Pick<AppContext, 'repos' | 'settings' | 'storage'>;

/**
 * Uploads that wait to be used (type_id 0 until a document is published with them, an article shows
 * them, a banner takes them). Category covers and config images are never claimed that way — their
 * paths live in the categories and configs tables — so they are not swept.
 */
const SWEPT_TYPES = [ATTACHMENT_TYPE.document, ATTACHMENT_TYPE.article, ATTACHMENT_TYPE.banner];
/** A temp file this old belongs to no upload in progress any more (a crash or a killed process left it). */
const TEMP_MAX_AGE_MS = 24 * 3_600_000;
const BATCH = 200;

export interface SweepResult {
  rows: number;
  files: number;
  temps: number;
}

/**
 * Removes a stored file nothing refers to any more. It is first taken out of place, then the rows are
 * looked at once more: an identical upload that recorded its row meanwhile gets the file back, and one
 * that records its row later stores its own copy after this (uploads write the row before the file).
 */
export async function dropUnusedFile(ctx: Pick<AppContext, 'repos' | 'storage'>, hash: string, key: string): Promise<boolean> {
  if (await ctx.repos.attachment.hashUsed(hash)) return false;
  const taken = await ctx.storage.takeOut(key);
  if (!taken) return false;
  if (await ctx.repos.attachment.hashUsed(hash)) {
    await ctx.storage.putFile(key, taken);
    return false;
  }
  await rm(taken, { force: true });
  return true;
}

/**
 * Deletes attachments uploaded more than `security.unused_attachment_hours` (24 by default; 0 = never)
 * before `now` and never used — row and file; a file stays while any other row or document has the
 * same md5. Banned rows (enable 0) stay: they are what refuses the file. Also clears stale temp files.
 */
export async function sweepUnusedAttachments(
  ctx: SweepContext,
  opts: { now?: number; graceHours?: number } = {},
): Promise<SweepResult> {
  const now = opts.now ?? Date.now();
  const temps = await ctx.storage.cleanTemp(TEMP_MAX_AGE_MS, now);
  const hours = opts.graceHours ?? (await ctx.settings.get(SETTINGS.security.unused_attachment_hours));
  if (hours <= 0) return { rows: 0, files: 0, temps };
  const before = new Date(now - hours * 3_600_000).toISOString();
  const result: SweepResult = { rows: 0, files: 0, temps };
  const repo = ctx.repos.attachment;
  let after = 0;
  for (;;) {
    const batch = await repo.unclaimed(SWEPT_TYPES, before, after, BATCH);
    if (!batch.length) break;
    after = batch[batch.length - 1].id;
    const doomed: number[] = [];
    for (const c of batch) if (!(await repo.inUse(c))) doomed.push(c.id);
    if (!doomed.length) continue;
    const gone = await repo.removeUnclaimed(doomed);
    result.rows += gone.length;
    const files = new Map(gone.map((g) => [g.path, g.hash]));
    for (const [path, hash] of files) {
      // a path outside the storage layout (imported data) is left alone rather than ending the sweep
      if (await dropUnusedFile(ctx, hash, path.slice(1)).catch(() => false)) result.files++;
    }
  }
  return result;
}

/** Sweeps every `intervalMs` (and once at once); returns a stop function. */
export function startAttachmentSweep(
  ctx: SweepContext,
  intervalMs = 3_600_000,
  log: (msg: string) => void = console.error,
): () => void {
  return every(
    intervalMs,
    async () => {
      const r = await sweepUnusedAttachments(ctx);
      if (r.rows || r.temps) log(`已清理未使用的附件 ${r.rows} 个（文件 ${r.files} 个），临时文件 ${r.temps} 个`);
    },
    (err) => log(`[attachment] 清理未使用的附件失败：${err.message}`),
  );
}
