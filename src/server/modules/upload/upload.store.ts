import type { AppContext } from '../../context.ts';
import type { AttachmentRow } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { IncomingFile } from './receive.ts';
import { UploadQuota } from './upload.limits.ts';
import type { NewAttachment } from './upload.repo.ts';

export const BANNED = '文件已被标记为非法文件，禁止上传';

/**
 * Records a received file as an attachment and stores it at `key` (content-addressed, so identical
 * uploads share one file; each renames its own temp file over it, which is harmless). The row goes
 * in before the file: the unused-attachment sweep takes a file out of place and looks for rows of
 * its hash once more before dropping it, so it either sees this row or is followed by our rename.
 * When the quota recheck or the storing fails the row is taken back.
 */
export async function storeUpload(
  ctx: Pick<AppContext, 'db' | 'repos' | 'settings' | 'storage'>,
  file: IncomingFile,
  key: string,
  values: NewAttachment,
): Promise<AttachmentRow> {
  const repo = ctx.repos.upload;
  if (await repo.isBanned(values.hash)) throw badRequest(BANNED);
  const row = await repo.insert(values);
  try {
    await new UploadQuota(ctx).recheck(values.user_id, row.id);
    await ctx.storage.putFile(key, file.path);
  } catch (err) {
    await repo.remove(row.id);
    throw err;
  }
  return row;
}
