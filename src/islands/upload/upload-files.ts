/**
 * Upload rules of the /upload page (screens §5.8): allowed extensions (security settings, else
 * the union of contract §4.13), size limit in MB, per-file defaults, and a small runner that
 * uploads at most two files at a time.
 */
import type { Settings } from '../../api/types.ts';
import { DOCUMENT_EXTENSIONS, EXT_GROUPS } from '../../domain/file-kind.ts';

export const UPLOAD_CONCURRENCY = 2;

/** Beside a VIP checkbox a free document cannot tick (isVipDocument). */
export const FREE_VIP_HINT = '免费文档人人可下载，设置售价后才能设为VIP文档';

export type ItemState = 'ready' | 'uploading' | 'uploaded' | 'failed';

export interface UploadItem {
  key: string;
  file: File;
  title: string;
  price: number;
  language: string;
  keywords: string;
  /** 加入VIP文档 (offered while VIP is on; only a priced document is sent as one, isVipDocument) */
  is_vip: boolean;
  /** the file's own category path; empty: the batch's */
  category: number[];
  state: ItemState;
  progress: number;
  error: string;
  /** attachment id once the file is on the server (a retry does not upload it again) */
  attachmentId: number;
}

const extOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

// date stamps cameras, scanners and exports put into file names: 2023-05-01, 2023.5.1 12.30, 20230501_123000
const DATE_STAMPS = [
  /(?<!\d)(?:19|20)\d{2}([-.])\d{1,2}\1\d{1,2}(?:[ _T-]?\d{1,2}[:.-]?\d{2}(?:[:.-]?\d{2})?)?(?!\d)/g,
  /(?<!\d)(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:[_T-]?\d{4,6})?(?!\d)/g,
];
// what copying a file adds: 报告 (1).pdf, 报告 - 副本.pdf
const COPY_MARK = /(?:\s*[-_]?\s*副本|\s*[(（]\d{1,2}[)）])+$/;
const EDGE_JUNK = /^[\s\-–—_.·,，、]+|[\s\-–—_.·,，、]+$/g;

/**
 * A document title from a file name, as 百度文库 and 道客巴巴 suggest one: no extension, no date
 * stamps or copy marks, underscores as spaces. The bare name when nothing else is left.
 */
export function titleOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name).trim();
  let title = base.replace(COPY_MARK, '');
  for (const stamp of DATE_STAMPS) title = title.replace(stamp, ' ');
  title = title
    .replace(/_+/g, ' ')
    .replace(/\s*[-–—]\s*(?:[-–—]\s*)+/g, ' - ')
    .replace(/\s+/g, ' ')
    .replace(/[(（[【]\s*[)）\]】]/g, '')
    .replace(EDGE_JUNK, '');
  return (title || base).slice(0, 255);
}

/** The upload hint: the common kinds allowed (PDF、Word、PPT、Excel、TXT…) and whether more are. */
export function formatHint(allowed: readonly string[]): string {
  const kinds: Array<[string, readonly string[]]> = [
    ['PDF', EXT_GROUPS.pdf],
    ['Word', ['.doc', '.docx']],
    ['PPT', ['.ppt', '.pptx']],
    ['Excel', ['.xls', '.xlsx']],
    ['TXT', EXT_GROUPS.txt],
    ['EPUB', ['.epub']],
  ];
  const shown = kinds.filter(([, exts]) => exts.some((e) => allowed.includes(e)));
  const covered = new Set(shown.flatMap(([, exts]) => exts));
  const more = allowed.some((e) => !covered.has(e));
  return `支持 ${shown.map(([label]) => label).join('、')}${more ? ' 等' : ' '}格式`;
}

/**
 * Allowed extensions: the configured ones (among the supported), else all supported; of these only the
 * ones the server converts now when it says so (`convertible_ext`, Wenku; moredoc does not).
 */
export function allowedExtensions(settings: Settings): string[] {
  const listed = settings.security.document_allowed_ext
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .map((e) => (e.startsWith('.') ? e : `.${e}`));
  const configured = DOCUMENT_EXTENSIONS.filter((e) => listed.includes(e));
  const allowed = configured.length ? configured : [...DOCUMENT_EXTENSIONS];
  const convertible = settings.security.convertible_ext;
  return convertible ? allowed.filter((e) => convertible.includes(e)) : allowed;
}

let seq = 0;

/** New items for accepted files; refusals come back as Chinese messages. Duplicates are skipped. */
export function acceptFiles(
  files: readonly File[],
  existing: readonly UploadItem[],
  settings: Settings,
  defaults: { price: number; language: string; is_vip: boolean },
): { items: UploadItem[]; warnings: string[] } {
  const allowed = allowedExtensions(settings);
  const maxMb = settings.security.max_document_size > 0 ? settings.security.max_document_size : 50;
  const items: UploadItem[] = [];
  const warnings: string[] = [];
  const seen = new Set(existing.map((i) => `${i.file.name}:${i.file.size}`));
  for (const file of files) {
    const id = `${file.name}:${file.size}`;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!allowed.includes(extOf(file.name))) {
      warnings.push(`《${file.name}》的格式不支持上传`);
      continue;
    }
    if (file.size > maxMb * 1024 * 1024) {
      warnings.push(`《${file.name}》超过了 ${maxMb} MB 的大小限制`);
      continue;
    }
    if (file.size === 0) {
      warnings.push(`《${file.name}》是空文件`);
      continue;
    }
    items.push({
      key: `f${++seq}`,
      file,
      title: titleOf(file.name) || file.name,
      price: defaults.price,
      language: defaults.language,
      keywords: '',
      is_vip: defaults.is_vip,
      category: [],
      state: 'ready',
      progress: 0,
      error: '',
      attachmentId: 0,
    });
  }
  return { items, warnings };
}

/** Runs `task` over `list` with at most `limit` running at once. */
export async function runLimited<T>(list: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < list.length) {
      const item = list[next++];
      if (item !== undefined) await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
}
