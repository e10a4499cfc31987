import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, Code } from '../../http/errors.ts';
import { isAdmin } from '../config/release.service.ts';
import { startOfToday } from '../document/document.repo.ts';
import type { AttachmentRow } from '../../db/schema.ts';
import type { IncomingFile } from './receive.ts';
import type { NewAttachment } from './upload.repo.ts';
import { dropUnusedFile } from '../attachment/attachment.sweep.ts';
import { SETTINGS } from '../../../domain/settings/index.ts';

const MB = 1024 * 1024;

interface Limits {
  /** uploads per window; 0 = no limit */
  count: number;
  minutes: number;
  /** bytes per day; 0 = no limit */
  dailyBytes: number;
}

async function limitsOf(ctx: Pick<AppContext, 'settings'>): Promise<Limits> {
  const s = ctx.settings;
  return {
    count: Math.max(0, await s.get(SETTINGS.security.upload_rate_limit)),
    minutes: Math.max(1, await s.get(SETTINGS.security.upload_rate_minutes)),
    dailyBytes: Math.max(0, await s.get(SETTINGS.security.upload_daily_quota)) * MB,
  };
}

const tooMany = (l: Limits) =>
  new ApiError(Code.ResourceExhausted, `上传太频繁：每 ${l.minutes} 分钟最多上传 ${l.count} 个文件，请稍后再试`);
const overQuota = (l: Limits) =>
  new ApiError(Code.ResourceExhausted, `今日上传总量已达上限（${l.dailyBytes / MB} MB），请明天再来`);

/** What the user uploaded in the window and today, counted from the attachments table (so across instances); with `upTo` only rows up to that id. */
const usage = (ctx: Pick<AppContext, 'repos'>, userId: number, l: Limits, upTo?: number) =>
  ctx.repos.upload.usage(userId, new Date(Date.now() - l.minutes * 60_000).toISOString(), startOfToday(), upTo);

/**
 * Per-user upload rate and daily volume (settings `security.upload_rate_limit` per
 * `upload_rate_minutes`, `upload_daily_quota` MB). Administrators are not limited.
 */
export class UploadQuota {
  private readonly ctx: Pick<AppContext, 'db' | 'repos' | 'settings'>;
  constructor(ctx: Pick<AppContext, 'db' | 'repos' | 'settings'>) {
    this.ctx = ctx;
  }

  /** Before the body is read: 429 when the user already used up the rate or today's volume. */
  async check(userId: number): Promise<void> {
    const l = await limitsOf(this.ctx);
    if ((!l.count && !l.dailyBytes) || (await isAdmin(this.ctx.db, userId))) return;
    const used = await usage(this.ctx, userId, l);
    if (l.count && used.recent >= l.count) throw tooMany(l);
    if (l.dailyBytes && used.today >= l.dailyBytes) throw overQuota(l);
  }

  /**
   * After the new attachment row is in: counts it too (its size is known only now), and only rows
   * up to it, so that of uploads racing past `check` the later ones are refused.
   */
  async recheck(userId: number, rowId: number): Promise<void> {
    const l = await limitsOf(this.ctx);
    if ((!l.count && !l.dailyBytes) || (await isAdmin(this.ctx.db, userId))) return;
    const used = await usage(this.ctx, userId, l, rowId);
    if (l.count && used.recent > l.count) throw tooMany(l);
    if (l.dailyBytes && used.today > l.dailyBytes) throw overQuota(l);
  }
}

export const BANNED = '文件已被标记为非法文件，禁止上传';

/**
 * Records a received file as an attachment stored at `key` (content-addressed, so identical uploads
 * share one file; each puts its own copy over it, which is harmless). The file is stored before the
 * row goes in, so that no crash ever leaves a row without its file; the temp file stays until the
 * caller discards it. The unused-attachment sweep takes a file out of place and looks for rows of
 * its hash once more before dropping it: when it dropped this content between our copy and our row,
 * the copy is stored again. When the quota recheck fails the row is taken back, and the file too
 * unless another row has the same content.
 */
export async function storeUpload(
  ctx: Pick<AppContext, 'db' | 'repos' | 'settings' | 'storage'>,
  file: IncomingFile,
  key: string,
  values: NewAttachment,
): Promise<AttachmentRow> {
  const repo = ctx.repos.upload;
  if (await repo.isBanned(values.hash)) throw badRequest(BANNED);
  await ctx.storage.storeCopy(key, file.path);
  const row = await repo.insert(values);
  try {
    await new UploadQuota(ctx).recheck(values.user_id, row.id);
  } catch (err) {
    await repo.remove(row.id);
    await dropUnusedFile(ctx, values.hash, key);
    throw err;
  }
  if (!(await ctx.storage.exists(key))) await ctx.storage.storeCopy(key, file.path);
  return row;
}
