/** Files waiting in the admin upload list, their checks and the upload of one file (api-contract §6.2). */
import { createDocuments } from '../../../../../api/document.ts';
import { isOk, messageOf } from '../../../../../api/http.ts';
import { uploadDocumentFile } from '../../../../../api/upload.ts';

/** Extensions a document may have (api-contract §4.13); the settings may narrow them. */
export const DOCUMENT_EXTENSIONS: readonly string[] = [
  '.pdf', '.doc', '.docx', '.rtf', '.wps', '.odt', '.dot', '.ppt', '.pptx', '.pps', '.ppsx', '.dps', '.odp', '.pot',
  '.xls', '.xlsx', '.et', '.ods', '.csv', '.tsv', '.txt', '.epub', '.mobi', '.chm', '.umd', '.azw', '.azw3', '.azw4',
];

export interface UploadRow {
  key: string;
  file: File;
  title: string;
  ext: string;
  price: number;
  language: string;
  /** 0–100 while the file is sent */
  progress: number;
  /** set once the file is stored: a retry only publishes it */
  attachmentId: number;
  busy: boolean;
  error: string;
}

/** `.docx` of a file name ('' without one). */
export function extOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

export const titleOf = (name: string): string => {
  const ext = extOf(name);
  return (ext ? name.slice(0, -ext.length) : name).trim();
};

/** The allowed extensions: the configured ones (with or without dot) within the known list. */
export function allowedExtensions(configured: readonly string[]): string[] {
  const wanted = configured.map((e) => (e.startsWith('.') ? e : `.${e}`).toLowerCase());
  const known = DOCUMENT_EXTENSIONS.filter((e) => !wanted.length || wanted.includes(e));
  return known.length ? known : [...DOCUMENT_EXTENSIONS];
}

/** Why a file cannot be added ('' when it can). */
export function rejectReason(file: File, allowed: readonly string[], maxMb: number, rows: readonly UploadRow[]): string {
  const ext = extOf(file.name);
  if (!allowed.includes(ext)) return `《${file.name}》的文件类型不支持上传`;
  if (maxMb > 0 && file.size > maxMb * 1024 * 1024) return `《${file.name}》超过了最大文档大小 ${maxMb} MB`;
  if (rows.some((r) => r.file.name === file.name && r.file.size === file.size)) return `《${file.name}》已在列表中`;
  return '';
}

let seq = 0;

export function newRow(file: File, price: number, language: string): UploadRow {
  seq += 1;
  return {
    key: `${Date.now()}-${seq}`, file, title: titleOf(file.name), ext: extOf(file.name), price, language,
    progress: 0, attachmentId: 0, busy: false, error: '',
  };
}

/** Sends one file (unless already sent) and publishes it; the error text of the server on failure. */
export async function publishRow(
  row: UploadRow,
  categoryId: number,
  patch: (p: Partial<UploadRow>) => void,
): Promise<{ ok: boolean; error: string }> {
  let attachmentId = row.attachmentId;
  if (!attachmentId) {
    const up = await uploadDocumentFile(row.file, (progress) => patch({ progress }));
    if (!isOk(up) || !up.data.data.id) {
      return { ok: false, error: isOk(up) ? up.data.message || '上传失败' : messageOf(up, '上传失败') };
    }
    attachmentId = up.data.data.id;
    patch({ attachmentId, progress: 100 });
  }
  const created = await createDocuments({
    category_id: [categoryId],
    document: [{ title: row.title.trim(), attachment_id: attachmentId, price: row.price, language: row.language }],
  });
  if (!isOk(created)) return { ok: false, error: messageOf(created, '发布文档失败') };
  return { ok: true, error: '' };
}
