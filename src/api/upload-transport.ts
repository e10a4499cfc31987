/**
 * Multipart uploads (file field `file`, api-contract §2.20). XMLHttpRequest in the browser
 * for upload progress; fetch where there is no XHR (Node: build scripts, tests).
 * No timeout: a large document may legitimately take longer than 30 s to send.
 */
import { apiUrl, authHeaders, parseBody } from './base.ts';
import { failure, settle } from './result.ts';
import type { ApiResult } from './result.ts';

function formOf(file: Blob, fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const name = typeof File !== 'undefined' && file instanceof File ? file.name : 'file';
  form.append('file', file, name);
  return form;
}

function viaXhr<T>(url: string, form: FormData, onProgress?: (pct: number) => void): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    if (onProgress) {
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
      };
    }
    xhr.onload = () => resolve(settle<T>(xhr.status, xhr.statusText, parseBody(xhr.responseText)));
    xhr.onerror = () => resolve(failure(0, ''));
    xhr.onabort = () => resolve(failure(0, ''));
    xhr.ontimeout = () => resolve(failure(0, ''));
    xhr.send(form);
  });
}

async function viaFetch<T>(url: string, form: FormData, onProgress?: (pct: number) => void): Promise<ApiResult<T>> {
  try {
    const res = await fetch(url, { method: 'POST', body: form, headers: { Accept: 'application/json', ...authHeaders() } });
    const body = parseBody(await res.text());
    onProgress?.(100);
    return settle<T>(res.status, res.statusText, body);
  } catch {
    return failure(0, '');
  }
}

/** POSTs `file` (plus text `fields`) to `path` with its `query`; `onProgress` gets 0–100. Never throws. */
export async function upload<T>(
  path: string,
  file: File | Blob,
  fields: Record<string, string> = {},
  onProgress?: (pct: number) => void,
  query?: object,
): Promise<ApiResult<T>> {
  const url = apiUrl(path, query);
  const form = formOf(file, fields);
  return typeof XMLHttpRequest === 'undefined' ? viaFetch<T>(url, form, onProgress) : viaXhr<T>(url, form, onProgress);
}
