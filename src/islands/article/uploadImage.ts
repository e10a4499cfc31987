/**
 * An image for the article editor: POST /upload/article?type=image. The route answers in
 * wangEditor's format (`msg` on failure, with a 4xx status); this gives `{url, alt}` or the message to show.
 */
import { articleUpload } from '../../api/generated/article.ts';
import { isOk, messageOf } from '../../api/http.ts';
import { uploadFile } from '../../api/upload.ts';

export async function uploadArticleImage(
  file: File | Blob,
  onProgress?: (pct: number) => void,
): Promise<{ ok: true; url: string; alt: string } | { ok: false; message: string }> {
  const r = await uploadFile(articleUpload, file, onProgress, { type: 'image' });
  if (!isOk(r)) return { ok: false, message: messageOf(r, '图片上传失败') };
  const d = r.data;
  if (d.errno !== 0) return { ok: false, message: d.msg || '图片上传失败' };
  // another moredoc-compatible server may answer without the image
  const url = d.data?.url;
  return url ? { ok: true, url, alt: d.data?.alt ?? '' } : { ok: false, message: '图片上传失败' };
}
