import type { AppContext } from '../../context.ts';
import { generatedDescription, leadingTexts } from '../../convert/description.ts';
import { reuseConvertedPages } from '../../convert/reuse.ts';
import type { Database } from '../../db/db.ts';
import { nowIso } from '../../db/dialect.ts';
import { badRequest } from '../../http/errors.ts';
import { DocumentRepo } from './document.repo.ts';
import { STATUS } from './document.status.ts';
import type { DocumentView } from './document.view.ts';
import { unusedFiles, type StoredFile } from './stored-file.ts';
import { needsReview } from './upload-right.ts';

/**
 * 替换文件: a document takes a newly uploaded file of the caller (POST /upload/document, not
 * published) in place of its own — the way out of a failed conversion. The document keeps its id,
 * address, counters, comments, favourites and score; its pages, size and conversion start over:
 * pending, or 待审核 where the uploader's groups review his uploads (a new file is new content).
 * A description the site wrote from the old file goes, so the new file's text writes one.
 * The old file's attachment row goes too (a disabled one stays: it bans the file); the old file
 * itself, its pages and texts when nothing else has the same content (stored-file.ts).
 * Runs in the caller's transaction; returns the status it set and the files for the caller to remove
 * after the commit (removeStoredFiles).
 */
export async function replaceFile(
  ctx: AppContext,
  trx: Database,
  me: number,
  holder: boolean,
  doc: DocumentView,
  attachmentId: number,
): Promise<{ status: number; unused: StoredFile[] }> {
  if (doc.status === STATUS.converting) throw badRequest('文档正在转换中，请转换完成后再替换文件');
  if (doc.status === STATUS.disabled && !holder) throw badRequest('文档已被禁用，不能替换文件');
  const repo = new DocumentRepo(trx);
  const [att] = await repo.publishableAttachments(me, [attachmentId]);
  if (!att) throw badRequest(`文档文件不存在或已经发布过（附件 ID ${attachmentId}）`);
  const now = nowIso();
  if (!(await repo.takeAttachment(att.id, doc.id, now))) throw badRequest(`文档文件已经发布过（附件 ID ${att.id}）`);
  const siteWritten = doc.description !== '' && doc.description === generatedDescription(doc, await leadingTexts(trx, doc.hash));
  const status = !holder && (await needsReview(trx, me)) ? STATUS.review : STATUS.pending;
  await repo.update(doc.id, {
    hash: att.hash,
    ext: att.ext,
    size: Number(att.size),
    attachment_id: att.id,
    status,
    pages: 0,
    preview: 0,
    width: 0,
    height: 0,
    enable_gzip: 0,
    preview_ext: '',
    convert_error: '',
    convert_attempts: 0,
    converted_at: null,
    ...(siteWritten ? { description: '' } : {}),
    updated_at: now,
  });
  await repo.dropFormerAttachments(doc.id, att.id);
  const unused = await unusedFiles(trx, [{ hash: doc.hash, ext: doc.ext, pages: Math.max(doc.pages, doc.preview) }]);
  const converted =
    status === STATUS.pending &&
    (await reuseConvertedPages({ db: trx, settings: ctx.settings, storage: ctx.storage }, { id: doc.id, hash: att.hash }));
  return { status: converted ? STATUS.converted : status, unused };
}
