import { rm } from 'node:fs/promises';
import type { AppContext } from '../../context.ts';
import type { AttachmentRow } from '../../db/schema.ts';
import { ATTACHMENT_TYPE } from '../../../contract/upload.ts';

type SweepContext = Pick<AppContext, 'db' | 'settings' | 'storage'>;
type Candidate = Pick<AttachmentRow, 'id' | 'hash' | 'path' | 'type'>;

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

/** Whether something shows the upload although its row was never claimed (imported data, or a claim that went astray). */
async function inUse(ctx: SweepContext, c: Candidate): Promise<boolean> {
  const { db } = ctx;
  if (c.type === ATTACHMENT_TYPE.document) {
    return Boolean(await db.selectFrom('documents').select('id').where('attachment_id', '=', c.id).executeTakeFirst());
  }
  if (c.type === ATTACHMENT_TYPE.article) {
    // paths hold only hex digits, slashes and a dot: nothing LIKE would read as a wildcard
    return Boolean(await db.selectFrom('articles').select('id').where('content', 'like', `%${c.path}%`).executeTakeFirst());
  }
  return Boolean(await db.selectFrom('banners').select('id').where('path', '=', c.path).executeTakeFirst());
}

/** Whether any attachment row (in any state: a disabled one bans the file) or document still has this content. */
async function hashUsed(ctx: SweepContext, hash: string): Promise<boolean> {
  const row = await ctx.db.selectFrom('attachments').select('id').where('hash', '=', hash).executeTakeFirst();
  return Boolean(row ?? (await ctx.db.selectFrom('documents').select('id').where('hash', '=', hash).executeTakeFirst()));
}

/**
 * Removes a stored file nothing refers to any more. It is first taken out of place, then the rows are
 * looked at once more: an identical upload that recorded its row meanwhile gets the file back, and one
 * that records its row later stores its own copy after this (uploads write the row before the file).
 */
async function dropFile(ctx: SweepContext, hash: string, key: string): Promise<boolean> {
  if (await hashUsed(ctx, hash)) return false;
  const taken = await ctx.storage.takeOut(key);
  if (!taken) return false;
  if (await hashUsed(ctx, hash)) {
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
  const hours = opts.graceHours ?? (await ctx.settings.num('security', 'unused_attachment_hours', 24));
  if (hours <= 0) return { rows: 0, files: 0, temps };
  const before = new Date(now - hours * 3_600_000).toISOString();
  const result: SweepResult = { rows: 0, files: 0, temps };
  let after = 0;
  for (;;) {
    const batch = await ctx.db
      .selectFrom('attachments')
      .select(['id', 'hash', 'path', 'type'])
      .where('type', 'in', SWEPT_TYPES)
      .where('type_id', '=', 0)
      .where('enable', '=', 1)
      .where('deleted_at', 'is', null)
      .where('created_at', '<', before)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (!batch.length) break;
    after = batch[batch.length - 1].id;
    const doomed: number[] = [];
    for (const c of batch) if (!(await inUse(ctx, c))) doomed.push(c.id);
    if (!doomed.length) continue;
    // type_id 0 once more in the delete itself: a document published meanwhile keeps its file
    const gone = await ctx.db
      .deleteFrom('attachments')
      .where('id', 'in', doomed)
      .where('type_id', '=', 0)
      .returning(['hash', 'path'])
      .execute();
    result.rows += gone.length;
    const files = new Map(gone.map((g) => [g.path, g.hash]));
    for (const [path, hash] of files) {
      // a path outside the storage layout (imported data) is left alone rather than ending the sweep
      if (await dropFile(ctx, hash, path.slice(1)).catch(() => false)) result.files++;
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
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    sweepUnusedAttachments(ctx)
      .then((r) => {
        if (r.rows || r.temps) log(`已清理未使用的附件 ${r.rows} 个（文件 ${r.files} 个），临时文件 ${r.temps} 个`);
      })
      .catch((err: Error) => log(`[attachment] 清理未使用的附件失败：${err.message}`))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return () => clearInterval(timer);
}
