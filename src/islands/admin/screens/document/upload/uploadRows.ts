/**
 * Publishing one file of the admin upload list (api-contract §6.2). The file rules (allowed
 * extensions, size limit, duplicates) and the two-at-a-time runner are the public /upload page's.
 */
import { call } from '../../../../../api/call.ts';
import { isOk, messageOf } from '../../../../../api/http.ts';
import { documentCreate, documentUpload } from '../../../../../api/generated/document.ts';
import { uploadFile } from '../../../../../api/upload.ts';
import type { UploadItem } from '../../../../upload/upload-files.ts';

export { acceptFiles, allowedExtensions, runLimited, UPLOAD_CONCURRENCY } from '../../../../upload/upload-files.ts';
export type { UploadItem };

/** Sends the file (unless a previous try already did) and publishes it; the server's text on failure. */
export async function publishItem(
  item: UploadItem,
  categoryId: number,
  patch: (p: Partial<UploadItem>) => void,
): Promise<{ ok: boolean; error: string }> {
  let attachmentId = item.attachmentId;
  if (!attachmentId) {
    const up = await uploadFile(documentUpload, item.file, (progress) => patch({ progress: Math.min(progress, 99) }));
    if (!isOk(up) || !up.data.data.id) {
      return { ok: false, error: isOk(up) ? up.data.message || '上传失败' : messageOf(up, '上传失败') };
    }
    attachmentId = up.data.data.id;
    patch({ attachmentId, state: 'uploaded', progress: 100 });
  }
  const created = await call(documentCreate, {
    category_id: [categoryId],
    document: [
      {
        title: item.title.trim(),
        attachment_id: attachmentId,
        price: item.price,
        language: item.language,
        keywords: item.keywords.trim(),
        is_vip: item.is_vip && item.price > 0,
      },
    ],
  });
  if (!isOk(created)) return { ok: false, error: messageOf(created, '发布文档失败') };
  return { ok: true, error: '' };
}
