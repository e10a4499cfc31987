/** Upload routes (api-contract §2.20): multipart, field `file`, answer `{code, message, data}`. */
import { fill, normalizeAttachment } from './defaults.ts';
import { mapOk, upload } from './http.ts';
import type { ApiResult } from './http.ts';
import type { Attachment, UploadReply } from './types.ts';

export type Progress = (pct: number) => void;

const reply = (d: unknown): UploadReply<Attachment> => {
  const r = fill({ code: 0, message: '', data: {} }, d);
  return { code: r.code, message: r.message, data: normalizeAttachment(r.data) };
};

const image = async (path: string, file: File | Blob, onProgress?: Progress): Promise<ApiResult<UploadReply<Attachment>>> =>
  mapOk(await upload<unknown>(path, file, {}, onProgress), reply);

/** Sets the signed-in user's avatar as a side effect. */
export const uploadAvatar = (file: File | Blob, onProgress?: Progress) => image('/upload/avatar', file, onProgress);

export const uploadConfigImage = (file: File | Blob, onProgress?: Progress) => image('/upload/config', file, onProgress);

export const uploadCategoryImage = (file: File | Blob, onProgress?: Progress) => image('/upload/category', file, onProgress);

export const uploadBannerImage = (file: File | Blob, onProgress?: Progress) => image('/upload/banner', file, onProgress);

/** A document file; the answer carries the new attachment id. */
export const uploadDocumentFile = async (
  file: File | Blob,
  onProgress?: Progress,
): Promise<ApiResult<UploadReply<{ id: number }>>> =>
  mapOk(await upload<unknown>('/upload/document', file, {}, onProgress), (d) => {
    const r = fill({ code: 0, message: '', data: {} }, d);
    return { code: r.code, message: r.message, data: fill({ id: 0 }, r.data) };
  });
