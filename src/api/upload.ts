/** Uploads (api-contract §2.20): one file as a multipart form (field `file`), answered `{code, message, data}`. */
import type { Call } from './call.ts';
import { upload } from './http.ts';
import type { ApiResult } from './http.ts';

export type Progress = (pct: number) => void;

/** An upload call of the endpoint table (`uploadAvatar`, `documentUpload`, …): it takes a file, not a query or body. */
export type UploadCall<R> = Call<unknown, unknown, R>;

/** Sends `file` (with the call's `query`, if it takes one) to an upload call through the upload transport (XHR, for its progress events). */
export const uploadFile = <R>(
  c: UploadCall<R>,
  file: File | Blob,
  onProgress?: Progress,
  query?: object,
): Promise<ApiResult<R>> => upload<R>(c.path, file, {}, onProgress, query);
